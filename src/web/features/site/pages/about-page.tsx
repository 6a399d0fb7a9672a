import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { usePublicConfig } from '@web/lib/use-public-config';
import {
  BadgeCheck,
  Building2,
  Eye,
  House,
  Lock,
  Mail,
  MessageSquare,
  Scale,
  ShieldCheck,
  Sun,
} from 'lucide-react';
import { Link } from 'wouter';
import { CtaBand } from '../components/cta-band';
import { FeatureGrid } from '../components/feature-grid';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { StatGrid } from '../components/stat-grid';
import { figures, headlineStats } from '../marketing-figures';

const values = [
  {
    title: 'Open & neutral pricing',
    text: `We don't install roofs, so we have no reason to inflate a number. Prices come from local costs in ${figures.priceZones} price zones.`,
    icon: Scale,
  },
  {
    title: 'Verified, independent contractors',
    text: 'Licensed, insured, experienced and background-checked before their first job, and reviewed after every one.',
    icon: BadgeCheck,
  },
  {
    title: 'Nothing hidden',
    text: 'Homeowners see the same checklist, photos and messages as their contractor, as they happen.',
    icon: Eye,
  },
  {
    title: 'Security you can audit',
    text: 'SOC 2 compliance, encryption of sensitive data at rest, and an open API that carriers can review.',
    icon: Lock,
  },
];

const audiences = [
  {
    title: 'Homeowners',
    text: 'A fair price before signing, and a roof done right.',
    icon: House,
    href: '/homeowners',
  },
  {
    title: 'Insurance carriers',
    text: 'Defensible estimates in minutes, in their own claims systems.',
    icon: ShieldCheck,
    href: '/insurance',
  },
  {
    title: 'Solar companies',
    text: 'Roof answers as fast as the rest of the proposal.',
    icon: Sun,
    href: '/solar',
  },
  {
    title: 'Real estate teams',
    text: 'A neutral roof number for listings, offers and inspections.',
    icon: Building2,
    href: '/real-estate',
  },
];

export function AboutPage() {
  useDocumentTitle();
  const { brandName, supportEmail } = usePublicConfig();
  return (
    <>
      <PageHero
        eyebrow={`About ${brandName}`}
        title="An open, neutral marketplace for roofing"
        lead="Roof prices swing by thousands of dollars depending on who you ask. We built a neutral Fair Market Value estimate, and a marketplace of independent, pre-verified contractors who do the work at a fair price."
        aside={<StatGrid stats={headlineStats} />}
      />

      <Section title="Why we exist" className="[&_p]:max-w-3xl">
        <div className="grid gap-4 text-muted-foreground sm:text-lg">
          <p>
            A roof is one of the largest repairs a home ever needs, and usually the least understood.
            Homeowners get three quotes that disagree, carriers argue over line items, and good contractors
            lose jobs to whoever bids lowest and cuts corners.
          </p>
          <p>
            {brandName} starts with the number. Our AI-assisted estimates price each roof from current
            material and labor costs in {figures.priceZones} local price zones, and every quote is backed by{' '}
            {figures.certifiedContractorsPerQuote} certified contractors who would do the work at that price.
            Since launch we have delivered {figures.quotes} quotes across {figures.coverage}.
          </p>
          <p>
            When the estimate is accepted, we step aside for the people who build roofs: {figures.contractors}{' '}
            independent, licensed and insured contractors. We match the job, keep everyone on the same page in
            real time, and stand behind the result with a final inspection, a {figures.laborWarranty} and{' '}
            {figures.materialWarranty}.
          </p>
        </div>
      </Section>

      <Section tone="muted" title="What we stand for">
        <FeatureGrid features={values} columns={4} />
      </Section>

      <Section title="Who we serve">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {audiences.map(({ title, text, icon: Icon, href }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-7 text-primary" />
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              <Link
                href={href}
                className="mt-3 inline-block text-sm font-semibold text-primary hover:underline"
              >
                {title === 'Homeowners' ? 'For homeowners' : `For ${title.toLowerCase()}`}
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="muted" title="Talk to a person" lead="Real people answer, and we say how fast.">
        <div className="grid gap-5 md:grid-cols-2">
          <div className="flex gap-4 rounded-xl border bg-card p-6 shadow-sm">
            <MessageSquare aria-hidden="true" className="size-7 shrink-0 text-primary" />
            <div>
              <h3 className="font-semibold">Live chat</h3>
              <p className="mt-1 text-sm text-muted-foreground">
                A reply within 5-10 minutes during business hours.
              </p>
            </div>
          </div>
          <div className="flex gap-4 rounded-xl border bg-card p-6 shadow-sm">
            <Mail aria-hidden="true" className="size-7 shrink-0 text-primary" />
            <div>
              <h3 className="font-semibold">Email</h3>
              <p className="mt-1 text-sm text-muted-foreground">
                A reply within 24 hours at{' '}
                <a
                  href={`mailto:${supportEmail}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {supportEmail}
                </a>
                .
              </p>
            </div>
          </div>
        </div>
        <Button asChild className="mt-6">
          <Link href="/contact">Contact Us</Link>
        </Button>
      </Section>

      <CtaBand
        title="See what your roof should cost"
        text={`Your Fair Market Value report arrives in ${figures.reportTime}. No account needed.`}
        actions={
          <Button variant="accent" size="lg" asChild>
            <Link href="/quote">Get Your Quote</Link>
          </Button>
        }
      />
    </>
  );
}
