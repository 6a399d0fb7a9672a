import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ArrowRight, Building2, ClipboardCheck, Home, ShieldCheck, Sun } from 'lucide-react';
import { Link } from 'wouter';

const stats = [
  { value: '3500+', label: 'verified contractors' },
  { value: '350K+', label: 'quotes delivered' },
  { value: '48', label: 'states and Puerto Rico' },
  { value: '652', label: 'local price zones' },
];

const services = [
  {
    href: '/homeowners',
    title: 'Homeowners',
    text: 'A neutral Fair Market Value report before you sign, and a verified contractor when you are ready.',
    icon: Home,
  },
  {
    href: '/insurance',
    title: 'Insurance Claims',
    text: 'Defensible roof estimates for carriers and adjusters, with an open API for claims systems.',
    icon: ShieldCheck,
  },
  {
    href: '/solar',
    title: 'Solar Installation',
    text: 'Know the roof before the panels go on: fast reports for solar sales teams.',
    icon: Sun,
  },
  {
    href: '/real-estate',
    title: 'Real Estate',
    text: 'Roof condition and replacement value for listings, offers and inspections.',
    icon: Building2,
  },
];

export function LandingPage() {
  useDocumentTitle('Fair Market Value Roof Estimates');
  return (
    <>
      <section className="relative overflow-hidden bg-header text-header-foreground">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,oklch(0.76_0.14_62/0.22),transparent_60%)]"
        />
        <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:items-center lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wider text-accent uppercase">
              AI-assisted roof estimates
            </p>
            <h1 className="mt-3 text-[2rem] leading-tight font-bold tracking-tight text-white sm:text-5xl">
              Know the fair price of your roof before anyone quotes it
            </h1>
            <p className="mt-5 max-w-xl text-lg text-header-foreground/80">
              Order a Fair Market Value report, emailed as a PDF in 5-10 minutes. When your carrier accepts
              it, we match you with a pre-verified, licensed contractor and you follow the work in real time.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
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
                className="border-white/30 bg-transparent text-white hover:bg-white/10"
              >
                <Link href="/how-it-works">How It Works</Link>
              </Button>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            {stats.map((stat) => (
              <div key={stat.label} className="rounded-xl border border-white/10 bg-white/5 p-5">
                <dt className="text-sm text-header-foreground/70">{stat.label}</dt>
                <dd className="mt-1 text-3xl font-bold text-white">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="pricing-heading" className="border-b bg-card">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_auto] lg:items-center lg:px-8">
          <div>
            <h2 id="pricing-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Open &amp; Neutral Pricing
            </h2>
            <p className="mt-3 max-w-2xl text-muted-foreground">
              Our prices come from local material and labor costs in 652 price zones, not from whoever wants
              the job. Every quote is backed by 3 certified contractors.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link href="/quote">Order Quote</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href="/marketplace">Request Installation</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link href="/contractor-signup">Join Install Network</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="services-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="services-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Our Services
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {services.map(({ href, title, text, icon: Icon }) => (
            <li key={href}>
              <Card className="group relative h-full p-6 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
                <Icon aria-hidden="true" className="size-8 text-primary" />
                <h3 className="mt-4 text-lg font-semibold">
                  <Link href={href} className="after:absolute after:inset-0 focus:outline-none">
                    {title}
                  </Link>
                </h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-heading" className="bg-secondary">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="steps-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Three steps to a fair roof
          </h2>
          <ol className="mt-8 grid gap-5 md:grid-cols-3">
            {[
              ['Order your report', 'Tell us about the roof and add a measurement file if you have one.'],
              [
                'Get your estimate',
                'Your Fair Market Value PDF arrives by email, usually within 5-10 minutes.',
              ],
              [
                'Install with confidence',
                'Opt in to installation and a verified contractor takes it from there.',
              ],
            ].map(([title, text], index) => (
              <li key={title} className="rounded-xl bg-card p-6 shadow-sm">
                <span className="inline-flex size-9 items-center justify-center rounded-full bg-accent font-bold text-accent-foreground">
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start gap-5 rounded-2xl bg-primary p-8 text-primary-foreground sm:p-10 md:flex-row md:items-center md:justify-between">
          <div className="flex items-start gap-4">
            <ClipboardCheck aria-hidden="true" className="mt-1 hidden size-8 shrink-0 text-accent sm:block" />
            <div>
              <h2 className="text-2xl font-bold">Ready for a fair number?</h2>
              <p className="mt-1 text-primary-foreground/80">
                No account needed. 10-year labor warranty on every install through our network.
              </p>
            </div>
          </div>
          <Button variant="accent" size="lg" asChild>
            <Link href="/quote">Get Your Quote</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
