import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ArrowRight, BadgeCheck, FileText, Hammer, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { CheckList } from '../components/check-list';
import { CtaBand } from '../components/cta-band';
import { FeatureGrid } from '../components/feature-grid';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { figures } from '../marketing-figures';

const reasons = [
  {
    title: 'A fair number first',
    text: `Your Fair Market Value report is priced from local material and labor costs in ${figures.priceZones} price zones, so you know what the job should cost before anyone quotes it.`,
    icon: FileText,
  },
  {
    title: 'Verified contractors only',
    text: 'Every contractor holds an active state license, $1M+ liability insurance and workers’ compensation, has 3+ years of experience and passed a background check.',
    icon: BadgeCheck,
  },
  {
    title: 'Work you can follow',
    text: 'See each step of the installation as it happens, message your contractor and keep every document in one place.',
    icon: Hammer,
  },
  {
    title: 'Protected after the job',
    text: `A final inspection, warranty paperwork, a ${figures.laborWarranty} and ${figures.materialWarranty}, backed by our satisfaction guarantee.`,
    icon: ShieldCheck,
  },
];

export function HomeownersPage() {
  useDocumentTitle();
  return (
    <>
      <PageHero
        eyebrow="Homeowners"
        title="Roofing made clear for homeowners"
        lead={`Order a neutral Fair Market Value report in ${figures.reportTime}, with no account and no signup. When your insurance carrier accepts the estimate, we match you with a verified contractor and you follow the work from your phone.`}
      />

      <section aria-label="Get started" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-6 md:grid-cols-2">
          <Card className="flex flex-col">
            <CardHeader>
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-accent/25 text-accent-foreground">
                <FileText aria-hidden="true" className="size-6" />
              </span>
              <CardTitle className="mt-2">Order New Quote</CardTitle>
              <CardDescription className="text-base">
                No account, no signup. Tell us about your roof and get your report by email.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col justify-between gap-6">
              <CheckList
                className="text-sm"
                items={[
                  `PDF report emailed in ${figures.reportTime}`,
                  'Upload a HOVER, EagleView, Roofr or GAF QuickSquare measurement file for extra precision',
                  `Backed by ${figures.certifiedContractorsPerQuote} certified contractors in your area`,
                ]}
              />
              <Button size="lg" asChild className="self-start">
                <Link href="/quote">
                  Order New Quote
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </CardContent>
          </Card>

          <Card className="flex flex-col">
            <CardHeader>
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-secondary text-primary">
                <UserRound aria-hidden="true" className="size-6" />
              </span>
              <CardTitle className="mt-2">Access Your Account</CardTitle>
              <CardDescription className="text-base">
                Everything about your roof, in one place.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col justify-between gap-6">
              <CheckList
                className="text-sm"
                items={['View quotes', 'Track projects', 'Connect with contractors', 'Download reports']}
              />
              <div className="flex flex-wrap gap-3">
                <Button size="lg" asChild>
                  <a href="/api/login">Sign In</a>
                </Button>
                <Button size="lg" variant="outline" asChild>
                  <a href="/api/login">Create Account</a>
                </Button>
              </div>
            </CardContent>
          </Card>
        </div>

        <div className="mt-6 flex flex-col gap-4 rounded-xl border border-accent/50 bg-accent/10 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <span className="font-semibold">Your carrier already accepted an estimate?</span> Ask for
            installation and we'll contact you within 24 hours.
          </p>
          <Button variant="accent" asChild className="self-start sm:self-auto">
            <Link href="/request-install">Request Installation</Link>
          </Button>
        </div>
      </section>

      <Section
        tone="muted"
        title="Why homeowners choose us"
        lead="A marketplace, not a middleman: independent, pre-verified contractors do the work."
      >
        <FeatureGrid features={reasons} columns={4} />
      </Section>

      <CtaBand
        title="Start with a fair price"
        text={`${figures.quotes} quotes delivered across ${figures.coverage}. Yours takes ${figures.reportTime}, with no account needed.`}
        actions={
          <Button variant="accent" size="lg" asChild>
            <Link href="/quote">Get Your Quote</Link>
          </Button>
        }
      />
    </>
  );
}
