import { PlaceholderPage } from '@web/components/placeholder-page';
import { Button } from '@web/components/ui/button';
import { Link } from 'wouter';

const steps = [
  ['Get Your Quote', 'Order a Fair Market Value report for your roof in minutes.'],
  ['Match with Your Contractor', 'Once your estimate is accepted, we match you with a verified contractor.'],
  ['Professional Installation', 'Follow every step of the work in real time.'],
  ['Quality Guarantee', 'Final inspection, warranty paperwork and a 10-year labor warranty.'],
] as const;

export function HowItWorksPage() {
  return (
    <PlaceholderPage
      heading="How It Works"
      description="From a fair price to a finished roof in four steps."
      actions={
        <>
          <Button asChild>
            <Link href="/quote">Get Your Quote Now</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link href="/request-install">Request Installation</Link>
          </Button>
        </>
      }
    >
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(([title, text], index) => (
          <li key={title} className="rounded-xl border bg-card p-5 shadow-sm">
            <span className="inline-flex size-8 items-center justify-center rounded-full bg-accent text-sm font-bold text-accent-foreground">
              {index + 1}
            </span>
            <h2 className="mt-3 font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ol>
    </PlaceholderPage>
  );
}
