import { onboardingMessages } from '@domain/contractors/onboarding-fields';
import { PageHeader } from '@web/components/page-header';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Info } from 'lucide-react';
import { Link } from 'wouter';
import { useContractorProfileDetail } from '../api/get-contractor-profile';
import { ApplicationForm } from '../components/application-form';
import { BenefitCards } from '../components/benefit-cards';

/** /contractor-application (spec 2 §2): header, three benefit cards and the application form. */
export function ContractorApplicationPage() {
  useDocumentTitle('Join Our Contractor Network');
  const { user, role } = useAuth();
  const profile = useContractorProfileDetail(role === 'admin' ? undefined : user?.id);

  return (
    <>
      <PageHeader
        eyebrow="For roofing contractors"
        title="Join Our Contractor Network"
        description="Apply in a few minutes. Once your licenses and insurance are verified, we match you with homeowners in your area whose roofing projects are ready to start."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:px-8">
        <section aria-labelledby="benefits-heading" className="grid gap-4">
          <h2 id="benefits-heading" className="text-2xl font-bold tracking-tight">
            Why contractors join
          </h2>
          <BenefitCards />
        </section>

        <section aria-labelledby="apply-heading" className="grid max-w-4xl gap-4">
          <div>
            <h2 id="apply-heading" className="text-2xl font-bold tracking-tight">
              Apply now
            </h2>
            <p className="mt-1 text-muted-foreground">
              Tell us about your company and where you work. Next you set your password and add your licenses
              and insurance; our team then verifies them.
            </p>
          </div>
          {role === 'admin' ? (
            <Alert className="flex items-start gap-2">
              <Info aria-hidden="true" className="mt-0.5 shrink-0" />
              <span>You are signed in as an admin. Contractors apply with their own account.</span>
            </Alert>
          ) : profile.data ? (
            <Alert className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <span className="flex items-start gap-2">
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  {onboardingMessages.alreadyApplied} ({profile.data.companyName})
                </span>
              </span>
              <Button asChild size="sm">
                <Link href="/contractor-profile-setup">Continue Profile Setup</Link>
              </Button>
            </Alert>
          ) : null}
          <ApplicationForm />
        </section>
      </div>
    </>
  );
}
