import { contractorRequirements } from '@domain/contractors/requirements';
import { formatCentsWhole } from '@domain/payments/money';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ArrowRight, BadgeCheck, Cpu, FileText, Hammer, Radio, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'wouter';
import { CheckList } from '../components/check-list';
import { CtaBand } from '../components/cta-band';
import { FeatureGrid } from '../components/feature-grid';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { figures } from '../marketing-figures';
import { sampleQuote, sampleQuoteCaption } from '../sample-quote';

const steps = [
  {
    title: 'Get Your Quote',
    text: `Order a Fair Market Value report online with no account. Add a roof measurement file if you have one; the PDF arrives by email in ${figures.reportTime}.`,
    icon: FileText,
  },
  {
    title: 'Match with Your Contractor',
    text: 'Once your carrier accepts the estimate, request installation. We match you with a verified contractor who serves your area.',
    icon: Users,
  },
  {
    title: 'Professional Installation',
    text: 'Your contractor works through a step-by-step checklist while you follow progress, photos and messages in real time.',
    icon: Hammer,
  },
  {
    title: 'Quality Guarantee',
    text: `A final inspection, warranty paperwork, a ${figures.laborWarranty} and ${figures.materialWarranty}, backed by our satisfaction guarantee.`,
    icon: ShieldCheck,
  },
];

const differences = [
  {
    title: 'AI pricing',
    text: `Prices come from current material and labor costs in ${figures.priceZones} local price zones and ${figures.quotes} delivered quotes, not from whoever wants the job.`,
    icon: Cpu,
  },
  {
    title: 'Verified network',
    text: `${figures.contractors} independent contractors in ${figures.coverage}, each licensed, insured and background-checked before their first job.`,
    icon: BadgeCheck,
  },
  {
    title: 'Real-time tracking',
    text: 'See each step of your project as it happens, message your contractor and keep every file in one dashboard.',
    icon: Radio,
  },
];

export function HowItWorksPage() {
  useDocumentTitle();
  return (
    <>
      <PageHero
        eyebrow="How It Works"
        title="From a fair price to a finished roof in four steps"
        lead="Start with a neutral estimate, then let a verified contractor do the work while you watch every step."
        actions={
          <>
            <Button size="lg" asChild>
              <Link href="/quote">
                Get Your Quote Now
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link href="/request-install">Request Installation</Link>
            </Button>
          </>
        }
      />

      <Section title="Four steps, one partner" lead="You always know what happens next, and who is doing it.">
        <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ title, text, icon: Icon }, index) => (
            <li key={title} className="relative rounded-xl border bg-card p-6 shadow-sm">
              <div className="flex items-center justify-between">
                <span className="inline-flex size-10 items-center justify-center rounded-full bg-accent text-lg font-bold text-accent-foreground">
                  {index + 1}
                </span>
                <Icon aria-hidden="true" className="size-6 text-primary" />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/request-install">Request Installation</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link href="/contractors">Find Verified Contractors</Link>
          </Button>
        </div>
      </Section>

      <Section
        tone="muted"
        title="Why we're different"
        lead="Three things a traditional roofing quote can't give you."
      >
        <FeatureGrid features={differences} />
      </Section>

      <Section
        title="A sample quote breakdown"
        lead="Every report shows where the money goes. Here is a typical full replacement with architectural shingles."
      >
        <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr] lg:items-start">
          <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
            <table className="w-full text-left text-sm sm:text-base">
              <caption className="border-b bg-secondary px-5 py-3 text-left font-semibold">
                Sample quote: {sampleQuoteCaption}
              </caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {sampleQuote.lines.map((line) => (
                  <tr key={line.label} className="border-b">
                    <th scope="row" className="px-5 py-4 font-normal">
                      <span className="block font-semibold">{line.label}</span>
                      <span className="block text-sm text-muted-foreground">{line.detail}</span>
                    </th>
                    <td className="px-5 py-4 text-right font-semibold whitespace-nowrap tabular-nums">
                      {formatCentsWhole(line.cents)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="bg-secondary/60">
                  <th scope="row" className="px-5 py-4 text-lg font-bold">
                    Total
                  </th>
                  <td className="px-5 py-4 text-right text-xl font-bold whitespace-nowrap text-primary tabular-nums">
                    {formatCentsWhole(sampleQuote.totalCents)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          <div className="rounded-xl border bg-card p-6 shadow-sm">
            <h3 className="text-lg font-semibold">What a real report adds</h3>
            <CheckList
              className="mt-4 text-sm"
              items={[
                'Measurements from your file or from the property details you enter',
                `Material and labor prices for your local price zone (one of ${figures.priceZones})`,
                `A price ${figures.certifiedContractorsPerQuote} certified local contractors stand behind`,
                'A PDF you can share with your carrier, lender or contractor',
              ]}
            />
            <Button asChild className="mt-6">
              <Link href="/quote">Get Your Quote Now</Link>
            </Button>
          </div>
        </div>
      </Section>

      <Section
        tone="muted"
        title="Contractor requirements"
        lead="No contractor takes a job through our marketplace without all of these."
      >
        <div className="rounded-xl border bg-card p-6 shadow-sm">
          <CheckList columns={2} items={[...contractorRequirements]} />
        </div>
      </Section>

      <CtaBand
        title="Start with step one"
        text={`Your Fair Market Value report arrives in ${figures.reportTime}. No account, no signup.`}
        actions={
          <Button variant="accent" size="lg" asChild>
            <Link href="/quote">Get Your Quote Now</Link>
          </Button>
        }
      />
    </>
  );
}
