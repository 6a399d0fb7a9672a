import { bankChangeMessages } from '@domain/contractors/bank-changes';
import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { onboardingMessages } from '@domain/contractors/onboarding-fields';
import { CenteredMessage, DashboardShell } from '@web/components/dashboard-shell';
import { PageGuard } from '@web/components/page-guard';
import { Spinner } from '@web/components/ui/spinner';
import { errorStatus } from '@web/lib/error-message';
import { useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { toast } from '@web/lib/use-toast';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useContractorProfileDetail } from '../api/get-contractor-profile';
import { BankingStep } from '../components/banking-step';
import { WithContractorProfile } from '../components/profile-required';
import { TaxStep } from '../components/tax-step';
import { WizardSteps } from '../components/wizard-steps';
import { initialPaymentStep, paymentSteps } from '../lib/wizard-steps';

/** Spec 2 §2, §9: after the payment set-up, 2 seconds, then the dashboard. */
export const PAYMENT_DONE_REDIRECT_MS = 2000;
const DASHBOARD = '/contractor-dashboard';

function Loading() {
  return (
    <CenteredMessage>
      <Spinner label="Loading..." />
    </CenteredMessage>
  );
}

/** /contractor-banking-setup (spec 2 §2): Banking Information, then Tax Information (1099). */
export function ContractorBankingSetupPage() {
  useDocumentTitle('Payment Setup');
  const { user } = useAuth();
  const profile = useContractorProfileDetail(user?.id);
  return (
    <PageGuard
      signedOut={{ delayMs: 0 }}
      sessionEnded={errorStatus(profile.error) === 401}
      loading={<Loading />}
    >
      {() => (
        <WithContractorProfile profile={profile} loading={<Loading />}>
          {(loaded) => <PaymentWizard profile={loaded} />}
        </WithContractorProfile>
      )}
    </PageGuard>
  );
}

const PROFILE = '/contractor/profile';

/**
 * `/contractor-banking-setup?change=bank` (the profile's Change Bank Details link). After the
 * payment set-up, new bank details are a change for our team to review: the current
 * password is asked for, and the profile then shows the change pending and payouts on hold.
 */
function BankChange({ profile }: { profile: ContractorProfileDetail }) {
  const [, navigate] = useLocation();
  return (
    <DashboardShell
      title="Change Bank Details"
      subtitle={`Where the payouts of ${profile.companyName} go.`}
      className="max-w-4xl grid-cols-1"
    >
      {profile.pendingBankChange ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          {bankChangeMessages.pendingReview}: {profile.pendingBankChange.bankName}, account ending in{' '}
          {profile.pendingBankChange.accountNumberLast4}. New details sent now replace that request.
        </p>
      ) : null}
      <BankingStep
        change
        saved={profile.banking}
        companyName={profile.companyName}
        onDone={() => navigate(PROFILE)}
      />
    </DashboardShell>
  );
}

function PaymentWizard({ profile }: { profile: ContractorProfileDetail }) {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const requested = search.get('step');
  const changing = search.get('change') === 'bank' && profile.paymentSetupCompleted;
  // decided once, on arrival: finishing the wizard here must still wait its 2 seconds
  const [alreadyDone] = useState(profile.paymentSetupCompleted);
  const [step, setStep] = useState(() => initialPaymentStep(profile, requested));
  const [finished, setFinished] = useState(false);
  const stepsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (alreadyDone && !changing) navigate(DASHBOARD, { replace: true });
  }, [alreadyDone, changing, navigate]);

  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => navigate(DASHBOARD), PAYMENT_DONE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [finished, navigate]);

  if (changing) return <BankChange profile={profile} />;
  if (alreadyDone) return <Loading />;

  const go = (next: 1 | 2) => {
    setStep(next);
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => stepsRef.current?.querySelector('h2')?.focus());
  };

  return (
    <DashboardShell
      title="Payment Setup"
      subtitle={`How ${profile.companyName} gets paid for completed projects: two steps.`}
      className="max-w-4xl grid-cols-1"
    >
      <WizardSteps
        label="Payment setup progress"
        steps={paymentSteps}
        current={finished ? 3 : step}
        saved={finished ? 2 : profile.banking ? 1 : 0}
        onSelect={(n) => go(n as 1 | 2)}
      />
      <div ref={stepsRef}>
        {finished ? (
          <section
            role="status"
            className="flex flex-col items-center gap-3 rounded-xl border bg-card p-8 text-center shadow-sm"
          >
            <CheckCircle2 aria-hidden="true" className="size-10 text-emerald-600" />
            <h2 className="text-xl font-semibold">{onboardingMessages.setupComplete}</h2>
            <p className="text-muted-foreground">
              Your payment details are saved. Taking you to your dashboard...
            </p>
          </section>
        ) : step === 1 ? (
          <BankingStep saved={profile.banking} companyName={profile.companyName} onDone={() => go(2)} />
        ) : (
          <TaxStep
            profile={profile}
            onDone={() => {
              toast({
                title: onboardingMessages.setupComplete,
                description: 'Taking you to your dashboard...',
              });
              setFinished(true);
            }}
          />
        )}
      </div>
    </DashboardShell>
  );
}
