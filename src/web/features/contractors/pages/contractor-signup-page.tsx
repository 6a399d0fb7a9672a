import { contractorRequirements } from '@domain/contractors/requirements';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { Link } from 'wouter';
import { BenefitCards } from '../components/benefit-cards';

const verificationSteps = [
  {
    title: 'Apply',
    text: 'Tell us your company, contact details, business address and the states you work in. It takes a few minutes.',
  },
  {
    title: 'Set up your profile',
    text: 'Choose your password, then add a license for each working state and your general liability, workers’ compensation and bonding details, with copies of the documents.',
  },
  {
    title: 'We verify',
    text: 'Our team reviews every license and certificate against the requirements above, including their expiry dates. We e-mail you the decision.',
  },
  {
    title: 'Set up payment and get matched',
    text: 'Add your bank account and tax (1099) details. Once verified, you receive matched projects in your area and keep 88% of each approved budget.',
  },
];

/** /contractor-signup ('Join Install Network'): what the network asks of contractors and how verification works. */
export function ContractorSignupPage() {
  useDocumentTitle('Join Our Install Network');
  return (
    <>
      <PageHeader
        eyebrow="For roofing contractors"
        title="Join Our Install Network"
        description="Grow your business with pre-qualified roofing jobs from homeowners whose carriers have approved the work. Every contractor in the network is licensed, insured and verified by our team."
      >
        <Button asChild size="lg">
          <Link href="/contractor-application">
            Apply Now
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:px-8">
        <section aria-labelledby="requirements-heading" className="grid gap-4">
          <div>
            <h2 id="requirements-heading" className="text-2xl font-bold tracking-tight">
              Contractor requirements
            </h2>
            <p className="mt-1 text-muted-foreground">
              No contractor takes a job through our marketplace without all of these.
            </p>
          </div>
          <Card>
            <CardContent className="pt-6">
              <ul className="grid gap-3 sm:grid-cols-2">
                {contractorRequirements.map((r) => (
                  <li key={r} className="flex items-start gap-2">
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                    <span>{r}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </section>

        <section aria-labelledby="verification-heading" className="grid gap-4">
          <h2 id="verification-heading" className="text-2xl font-bold tracking-tight">
            How verification works
          </h2>
          <ol className="grid gap-4 md:grid-cols-2">
            {verificationSteps.map((s, i) => (
              <li key={s.title} className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm">
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                >
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{s.title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{s.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="text-sm text-muted-foreground">
            We track expiry dates: 30 days before a license or policy ends we remind you, and an expired
            general liability policy pauses new matches until you add the renewal.
          </p>
        </section>

        <section aria-labelledby="benefits-heading" className="grid gap-4">
          <h2 id="benefits-heading" className="text-2xl font-bold tracking-tight">
            Why contractors join
          </h2>
          <BenefitCards />
        </section>

        <div className="flex flex-col items-start gap-3 rounded-xl border bg-secondary/50 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-xl font-semibold">Ready to apply?</h2>
            <p className="text-sm text-muted-foreground">
              Have your license numbers and certificates of insurance at hand.
            </p>
          </div>
          <Button asChild size="lg">
            <Link href="/contractor-application">
              Apply Now
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </>
  );
}
