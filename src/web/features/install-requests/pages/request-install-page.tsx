import type { InstallRequestCreated } from '@domain/install-requests/schemas';
import { PageHeader } from '@web/components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { InstallRequestForm } from '../components/install-request-form';
import { SubmittedCard } from '../components/submitted-card';

/** /request-install: the Installation Request Form (spec 1 §2, §3, §5, §8, §9). */
export function RequestInstallPage() {
  useDocumentTitle('Installation Request Form');
  const contractorParam = new URLSearchParams(useSearch()).get('contractor')?.trim() || undefined;
  const [contractorId, setContractorId] = useState(contractorParam);
  const [submitted, setSubmitted] = useState<{ created: InstallRequestCreated; email: string } | null>(null);

  useEffect(() => setContractorId(contractorParam), [contractorParam]);

  return (
    <>
      <PageHeader
        title="Installation Request Form"
        description="Your insurance carrier approved the work? Tell us about your property and project. We'll contact you within 24 hours and match you with a verified, licensed and insured contractor."
      >
        <Link
          href="/homeowners"
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Homeowners
        </Link>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:px-8">
        {submitted ? (
          <SubmittedCard
            created={submitted.created}
            email={submitted.email}
            onAnother={() => setSubmitted(null)}
          />
        ) : (
          <InstallRequestForm
            contractorId={contractorId}
            onRemoveContractor={() => setContractorId(undefined)}
            onSubmitted={(created, email) => {
              setSubmitted({ created, email });
              window.scrollTo({ top: 0 });
            }}
          />
        )}
        <aside className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">What happens next</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="grid gap-3 text-sm">
                {[
                  'Within 24 hours we contact you and match your project with a verified contractor who serves your area.',
                  'Your contractor confirms the scope, orders materials and pulls the permits, in the window you chose.',
                  'You follow every step online, and the work carries a 10-year labor warranty.',
                ].map((text, i) => (
                  <li key={text} className="flex gap-3">
                    <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
                      {i + 1}
                    </span>
                    <span>{text}</span>
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
          <p className="text-sm text-muted-foreground">
            Questions first?{' '}
            <Link href="/contact" className="font-semibold text-primary hover:underline">
              Contact us
            </Link>{' '}
            or{' '}
            <Link href="/contractors" className="font-semibold text-primary hover:underline">
              find a contractor near you
            </Link>
            .
          </p>
        </aside>
      </div>
    </>
  );
}
