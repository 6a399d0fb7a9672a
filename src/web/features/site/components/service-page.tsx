import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ArrowRight } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { CheckList } from './check-list';
import { CtaBand } from './cta-band';
import { type Feature, FeatureGrid } from './feature-grid';
import { PageHero } from './page-hero';
import { Section } from './section';
import { type Stat, StatGrid } from './stat-grid';

export interface ServicePageContent {
  eyebrow: string;
  title: string;
  lead: string;
  stats: Stat[];
  features: { title: string; lead: string; items: Feature[] };
  steps: { title: string; lead: string; items: ReadonlyArray<readonly [string, string]> };
  promises: { title: string; items: React.ReactNode[] };
  cta: { title: string; text: string };
}

const outlineOnDark = 'border-white/40 bg-transparent text-white hover:bg-white/10';

/** The shared layout of the insurance, solar and real estate pages: each brings its own copy. */
export function ServicePage({ content }: { content: ServicePageContent }) {
  useDocumentTitle();
  const { eyebrow, title, lead, stats, features, steps, promises, cta } = content;
  return (
    <>
      <PageHero
        tone="dark"
        eyebrow={eyebrow}
        title={title}
        lead={lead}
        actions={
          <>
            <Button variant="accent" size="lg" asChild>
              <Link href="/quote">
                Order Quote
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button size="lg" variant="outline" asChild className={outlineOnDark}>
              <Link href="/contact">Talk to our team</Link>
            </Button>
          </>
        }
        aside={<StatGrid tone="dark" stats={stats} />}
      />

      <Section title={features.title} lead={features.lead}>
        <FeatureGrid features={features.items} />
      </Section>

      <Section tone="muted" title={steps.title} lead={steps.lead}>
        <div className="grid gap-8 lg:grid-cols-[1.5fr_1fr] lg:items-start">
          <ol className="grid gap-4">
            {steps.items.map(([stepTitle, text], index) => (
              <li key={stepTitle} className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-accent-foreground">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{stepTitle}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ol>
          <div className="rounded-xl border bg-card p-6 shadow-sm">
            <h3 className="text-lg font-semibold">{promises.title}</h3>
            <CheckList className="mt-4 text-sm" items={promises.items} />
          </div>
        </div>
      </Section>

      <CtaBand
        title={cta.title}
        text={cta.text}
        actions={
          <>
            <Button variant="accent" size="lg" asChild>
              <Link href="/quote">Order Quote</Link>
            </Button>
            <Button size="lg" variant="outline" asChild className={outlineOnDark}>
              <Link href="/how-it-works">How It Works</Link>
            </Button>
          </>
        }
      />
    </>
  );
}
