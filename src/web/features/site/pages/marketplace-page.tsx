import { contractorRequirements } from '@domain/contractors/requirements';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ArrowRight, CircleDollarSign, Handshake, Scale } from 'lucide-react';
import { Link } from 'wouter';
import { CheckList } from '../components/check-list';
import { CtaBand } from '../components/cta-band';
import { FeatureGrid } from '../components/feature-grid';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { StatGrid } from '../components/stat-grid';
import { figures } from '../marketing-figures';

const steps = [
  [
    'Your estimate is accepted',
    'Your insurance carrier accepts the Fair Market Value estimate for your roof.',
  ],
  [
    'You opt in to installation',
    'Send an installation request with your address, roof type and preferred timing.',
  ],
  [
    'We match a verified contractor',
    'A licensed, insured contractor who serves your ZIP code and specializes in your kind of job takes it on.',
  ],
  [
    'You follow the work in real time',
    'Every checklist step, photo and message appears in your dashboard the moment it happens.',
  ],
  [
    'Final inspection and warranty',
    'A final inspection, your warranty paperwork and our satisfaction guarantee close the job.',
  ],
] as const;

const principles = [
  {
    title: 'Neutral by design',
    text: 'We are a marketplace only. We do not install roofs, so the price in your estimate has no reason to favor anyone.',
    icon: Scale,
  },
  {
    title: 'Independent contractors',
    text: 'Contractors run their own businesses and do the work. We verify them before they join and keep checking while they stay.',
    icon: Handshake,
  },
  {
    title: 'Pay as the work is done',
    text: 'No payment until work begins, the final payment only on satisfactory completion, and your warranty starts at the final payment.',
    icon: CircleDollarSign,
  },
];

export function MarketplacePage() {
  useDocumentTitle();
  return (
    <>
      <PageHero
        tone="dark"
        eyebrow="Roofing Marketplace"
        title="From an accepted estimate to a finished roof"
        lead="Once your carrier accepts an estimate, opt in to installation. We match you with a pre-verified, licensed contractor, and you follow every step in real time."
        actions={
          <>
            <Button variant="accent" size="lg" asChild>
              <Link href="/request-install">
                Request Installation
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button
              size="lg"
              variant="outline"
              asChild
              className="border-white/40 bg-transparent text-white hover:bg-white/10"
            >
              <Link href="/contractors">Find Verified Contractors</Link>
            </Button>
          </>
        }
        aside={
          <StatGrid
            tone="dark"
            stats={[
              { value: figures.contractors, label: 'verified contractors' },
              { value: figures.states, label: 'states and Puerto Rico' },
              { value: '10 years', label: 'labor warranty' },
              { value: '50 years', label: 'longest material warranty' },
            ]}
          />
        }
      />

      <Section title="How installation works" lead="Five steps, and you always know which one you are on.">
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {steps.map(([title, text], index) => (
            <li key={title} className="rounded-xl border bg-card p-5 shadow-sm">
              <span className="inline-flex size-9 items-center justify-center rounded-full bg-accent font-bold text-accent-foreground">
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        tone="muted"
        title="Every contractor is verified before the first job"
        lead="We check the paperwork and the people, so you don't have to."
        actions={
          <Button variant="outline" asChild>
            <Link href="/contractors">Search contractors near you</Link>
          </Button>
        }
      >
        <div className="rounded-xl border bg-card p-6 shadow-sm">
          <CheckList columns={2} items={[...contractorRequirements]} />
        </div>
      </Section>

      <Section title="A marketplace that works for you">
        <FeatureGrid features={principles} />
      </Section>

      <CtaBand
        title="Ready to schedule your roof?"
        text="Tell us about the job and we'll contact you within 24 hours to match you with a verified contractor."
        actions={
          <>
            <Button variant="accent" size="lg" asChild>
              <Link href="/request-install">Request Installation</Link>
            </Button>
            <Button
              size="lg"
              variant="outline"
              asChild
              className="border-white/40 bg-transparent text-white hover:bg-white/10"
            >
              <Link href="/contractors">Find Contractors</Link>
            </Button>
          </>
        }
      />
    </>
  );
}
