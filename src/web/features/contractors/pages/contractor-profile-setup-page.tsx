import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { onboardingMessages } from '@domain/contractors/onboarding-fields';
import { CenteredMessage, DashboardShell } from '@web/components/dashboard-shell';
import { Button } from '@web/components/ui/button';
import { errorStatus } from '@web/lib/error-message';
import { currentPath, loginUrl } from '@web/lib/navigation';
import { useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useContractorProfileDetail } from '../api/get-contractor-profile';
import { InsuranceStep } from '../components/insurance-step';
import { LicensesStep } from '../components/licenses-step';
import { PasswordStep } from '../components/password-step';
import { WithContractorProfile } from '../components/profile-required';
import { WizardSteps } from '../components/wizard-steps';
import { initialProfileStep, profileComplete, profileSteps, savedProfileSteps } from '../lib/wizard-steps';

function AuthenticationRequired() {
  return (
    <CenteredMessage title={onboardingMessages.authenticationRequired}>
      <p className="text-muted-foreground">Please log in to set up your contractor profile.</p>
      <Button asChild>
        <a href={loginUrl(currentPath())}>Log In</a>
      </Button>
    </CenteredMessage>
  );
}

function LoadingProfile() {
  return (
    <CenteredMessage>
      <p role="status" className="text-muted-foreground">
        {onboardingMessages.loadingProfile}
      </p>
    </CenteredMessage>
  );
}

/** /contractor-profile-setup (spec 2 §2): the three-step profile wizard. */
export function ContractorProfileSetupPage() {
  useDocumentTitle('Contractor Profile Setup');
  const { user, isLoading } = useAuth();
  const profile = useContractorProfileDetail(user?.id);

  if (isLoading) return <LoadingProfile />;
  if (!user || errorStatus(profile.error) === 401) return <AuthenticationRequired />;
  return (
    <WithContractorProfile profile={profile} loading={<LoadingProfile />}>
      {(loaded) => <ProfileWizard profile={loaded} email={user.email} />}
    </WithContractorProfile>
  );
}

function ProfileWizard({ profile, email }: { profile: ContractorProfileDetail; email: string }) {
  const [, navigate] = useLocation();
  const requested = new URLSearchParams(useSearch()).get('step');
  const [step, setStep] = useState(() => initialProfileStep(profile.profileCompletionStatus, requested));
  const headingRef = useRef<HTMLDivElement>(null);
  const saved = savedProfileSteps(profile.profileCompletionStatus);
  const complete = profileComplete(profile.profileCompletionStatus);

  const go = (next: 1 | 2 | 3) => {
    setStep(next);
    window.scrollTo({ top: 0 });
    // the new step's heading is where a keyboard or screen-reader user continues
    requestAnimationFrame(() => headingRef.current?.querySelector('h2')?.focus());
  };

  return (
    <DashboardShell
      title="Complete Your Contractor Profile"
      subtitle={`${profile.companyName}: three steps, then our team verifies your licenses and insurance.`}
      actions={
        complete ? (
          <Button asChild variant="outline">
            <Link href="/contractor/profile">View Profile</Link>
          </Button>
        ) : undefined
      }
      className="max-w-4xl grid-cols-1"
    >
      <WizardSteps
        label="Profile setup progress"
        steps={profileSteps}
        current={step}
        saved={saved}
        onSelect={(n) => go(n as 1 | 2 | 3)}
      />
      {complete ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm">
          Your profile is complete. Change any step and save it again; our team reviews the new details.
        </p>
      ) : null}
      <div ref={headingRef}>
        {step === 1 ? (
          <PasswordStep email={email} requireCurrent={profile.paymentSetupCompleted} onDone={() => go(2)} />
        ) : null}
        {step === 2 ? (
          <LicensesStep
            workingStates={profile.workingStates}
            licenses={profile.licenses}
            onDone={() => go(3)}
          />
        ) : null}
        {step === 3 ? (
          <InsuranceStep insurance={profile.insurance} onDone={() => navigate('/contractor-dashboard')} />
        ) : null}
      </div>
    </DashboardShell>
  );
}
