import { DeferUntilVisible } from '@web/components/defer-until-visible';
import { HydrateLater } from '@web/components/hydrate-later';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useDocumentTitle } from '@web/lib/use-document-title';
import {
  ArrowRight,
  Building2,
  Cable,
  Cpu,
  House,
  Lock,
  MapPin,
  Radio,
  Ruler,
  ShieldCheck,
  Sun,
} from 'lucide-react';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Link } from 'wouter';
import { CheckList } from '../components/check-list';
import { CtaBand } from '../components/cta-band';
import { FeatureGrid } from '../components/feature-grid';
import { MarketplaceDemo } from '../components/marketplace-demo';
import { PageHero } from '../components/page-hero';
import { SampleReportCard } from '../components/sample-report-card';
import { Section } from '../components/section';
import { StatGrid } from '../components/stat-grid';
import { figures, headlineStats } from '../marketing-figures';

const services = [
  {
    href: '/homeowners',
    title: 'Homeowners',
    text: 'A neutral Fair Market Value report before you sign anything, and a verified contractor when you are ready to build.',
    icon: House,
  },
  {
    href: '/insurance',
    title: 'Insurance Claims',
    text: 'Defensible roof estimates for carriers and adjusters in 5-10 minutes, with an open API for claims systems.',
    icon: ShieldCheck,
  },
  {
    href: '/solar',
    title: 'Solar Installation',
    text: 'Know the roof before the panels go on: condition and replacement cost reports for solar sales teams.',
    icon: Sun,
  },
  {
    href: '/real-estate',
    title: 'Real Estate',
    text: 'Roof replacement value for listings, offers and inspections, so no deal stalls over the roof.',
    icon: Building2,
  },
];

const steps = [
  ['Order your quote', 'Tell us about the property and add a roof measurement file if you have one.'],
  ['Get your report', 'Your Fair Market Value PDF arrives by email, usually within 5-10 minutes.'],
  ['Install with confidence', 'Opt in to installation and a verified contractor takes it from there.'],
] as const;

const technology = [
  {
    title: 'AI pricing engine',
    text: `Every estimate is priced from current material and labor costs in ${figures.priceZones} local price zones, then checked against ${figures.quotes} delivered quotes.`,
    icon: Cpu,
  },
  {
    title: 'Measurement integration',
    text: 'Import roof measurements from HOVER, EagleView, Roofr or GAF QuickSquare reports (.json, .xml or .csv) for square-foot-accurate pricing.',
    icon: Ruler,
  },
  {
    title: 'Open API for claims systems',
    text: 'Carriers order estimates and receive reports straight from their claims platform, with no re-keying.',
    icon: Cable,
  },
  {
    title: 'SOC 2 compliance',
    text: 'Security controls audited to SOC 2, encryption of sensitive data at rest, and access limited to the people on your project.',
    icon: Lock,
  },
  {
    title: 'Real-time tracking',
    text: 'Homeowners and contractors see the same checklist, files and messages the moment they change.',
    icon: Radio,
  },
  {
    title: 'Local coverage',
    text: `${figures.contractors} contractors across ${figures.coverage}, matched by service area and specialty.`,
    icon: MapPin,
  },
];

interface LandingPageProps {
  /**
   * The projects feature's "turn a quote into a project" form, given by the app's routes: a
   * feature does not import another's components. Far below the fold, it is rendered (and a lazy
   * one loaded) only when it comes near the screen.
   */
  convertQuoteForm: ReactNode;
}

export function LandingPage({ convertQuoteForm }: LandingPageProps) {
  useDocumentTitle();
  // Links such as /#convert-quote land on their section once the page has rendered.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  return (
    <>
      <PageHero
        tone="dark"
        eyebrow="AI-assisted Fair Market Value roof estimates"
        title="Know the fair price of your roof before anyone quotes it"
        lead={`Order a neutral roof estimate, emailed as a PDF in ${figures.reportTime}. When your carrier accepts it, we match you with a pre-verified, licensed contractor and you follow the work in real time.`}
        actions={
          <>
            <Button variant="accent" size="lg" asChild>
              <Link href="/quote">
                Get Your Quote
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button
              size="lg"
              variant="outline"
              asChild
              className="border-white/40 bg-transparent text-white hover:bg-white/10"
            >
              <Link href="/how-it-works">How It Works</Link>
            </Button>
          </>
        }
        aside={<SampleReportCard />}
      />

      <HydrateLater>
        <section aria-label="Ridgeline in numbers" className="border-b bg-card">
          <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
            <StatGrid stats={headlineStats} className="md:grid-cols-4" />
          </div>
        </section>
      </HydrateLater>

      <Section
        title="Open & Neutral Pricing"
        lead={`Our prices come from local material and labor costs in ${figures.priceZones} price zones, not from whoever wants the job. Every quote is backed by ${figures.certifiedContractorsPerQuote} certified contractors who would do the work at that price.`}
        actions={
          <>
            <Button asChild>
              <Link href="/quote">Order Quote</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href="/marketplace">Request Installation</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link href="/contractor-signup">Join Install Network</Link>
            </Button>
          </>
        }
      >
        <h3 id="landing-steps" className="text-lg font-semibold">
          A simple 3-step process
        </h3>
        <ol className="mt-4 grid gap-5 md:grid-cols-3" aria-labelledby="landing-steps">
          {steps.map(([title, text], index) => (
            <li key={title} className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm">
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-accent-foreground">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        tone="muted"
        title="Our Services"
        lead="One neutral estimate, four kinds of customers who need to trust the number."
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {services.map(({ href, title, text, icon: Icon }) => (
            <li key={href}>
              <Card className="group relative h-full p-6 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
                <span className="inline-flex size-11 items-center justify-center rounded-lg bg-secondary text-primary">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">
                  <Link href={href} className="after:absolute after:inset-0 focus:outline-none">
                    {title}
                  </Link>
                </h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
                <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary">
                  Learn more
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 transition-transform group-hover:translate-x-0.5"
                  />
                </span>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        eyebrow="The marketplace"
        title="Follow your roof from estimate to final inspection"
        lead="Once a carrier accepts an estimate, homeowners opt in to installation. We match the job to a verified contractor, and everyone follows the same project in real time. A look at the three dashboards, with sample data:"
        actions={
          <>
            <Button asChild>
              <Link href="/contractors">Find Verified Contractors</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href="/marketplace">How the marketplace works</Link>
            </Button>
          </>
        }
      >
        <MarketplaceDemo />
      </Section>

      <Section
        tone="muted"
        eyebrow="Technology"
        title="Built to keep the price honest"
        lead="Pricing data, measurement imports and live project tracking, run to the standards insurers expect."
      >
        <FeatureGrid features={technology} />
      </Section>

      <Section
        id="convert-quote"
        tone="card"
        eyebrow="Already have a quote?"
        title="Turn your quote into a project"
        lead="Your carrier accepted the estimate and you're ready to build? Enter the email you ordered with and the quote ID from your report. We create your installation project and notify verified contractors near you."
      >
        <div className="grid gap-8 lg:grid-cols-[1.3fr_1fr] lg:items-start">
          <Card className="p-6">
            <DeferUntilVisible placeholderClassName="min-h-72">
              <Suspense fallback={<div className="min-h-72" aria-busy="true" />}>{convertQuoteForm}</Suspense>
            </DeferUntilVisible>
          </Card>
          <div className="rounded-xl bg-secondary p-6">
            <h3 className="font-semibold">What happens next</h3>
            <CheckList
              className="mt-4 text-sm"
              items={[
                'Your project is created from the property and roof details of your quote.',
                'A verified, licensed and insured contractor who serves your area is matched to it.',
                "You're contacted soon to schedule the work, and you can follow every step online.",
                `Installs come with a ${figures.laborWarranty} and ${figures.materialWarranty}.`,
              ]}
            />
          </div>
        </div>
      </Section>

      <CtaBand
        title="Ready for a fair number?"
        text={`No account needed: your report arrives in ${figures.reportTime}. Every install through our network carries a ${figures.laborWarranty} and ${figures.materialWarranty}.`}
        actions={
          <>
            <Button variant="accent" size="lg" asChild>
              <Link href="/quote">Get Your Quote</Link>
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
