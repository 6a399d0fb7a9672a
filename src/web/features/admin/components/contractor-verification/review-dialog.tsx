import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { type VerifyContractor, verifyContractorSchema } from '@domain/contractors/onboarding';
import { onboardingMessages } from '@domain/contractors/onboarding-fields';
import { ChoiceCard } from '@web/components/choice-card';
import {
  CredentialWarnings,
  DocumentsView,
  Fact,
  Facts,
  InsuranceView,
  LicensesView,
} from '@web/components/contractor-credentials/contractor-credentials';
import { formatMoment } from '@web/components/contractor-credentials/format';
import { PaymentView } from '@web/components/contractor-credentials/payment-view';
import { FieldGroup } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { schemaResolver } from '@web/lib/schema-resolver';
import { AlertTriangle } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { useVerifyContractor } from '../../api/verify-contractor';
import { DecisionDialog, DecisionFooter, DecisionNotes, useDecision } from './decision-dialog';
import { awaitingReview } from './pending-contractor-list';

interface DecisionValues {
  status: '' | 'verified' | 'rejected';
  notes: string;
}

const EMPTY_DECISION: DecisionValues = { status: '', notes: '' };

function ReviewSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-3">
      <h3 className="border-b pb-1 text-sm font-semibold tracking-wider text-muted-foreground uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The Contractor Verification dialog (spec 2 §2, §5, §8): everything the contractor submitted,
 * expiry warnings, and the decision (verified or rejected) with optional notes, which the
 * contractor receives by e-mail.
 */
export function ContractorReviewDialog({
  contractor,
  onClose,
}: {
  contractor: ContractorProfileDetail | null;
  onClose: () => void;
}) {
  const verify = useVerifyContractor();
  const form = useForm<DecisionValues, unknown, VerifyContractor>({
    resolver: schemaResolver(verifyContractorSchema),
    defaultValues: EMPTY_DECISION,
  });
  const { errors } = form.formState;
  const decision = form.watch('status');
  // a new contractor opens with a fresh decision
  const { failure, clearFailure, settle } = useDecision(contractor, form.reset, EMPTY_DECISION, onClose);
  // verifying an account whose address is not confirmed needs the admin's explicit yes
  const [acknowledged, setAcknowledged] = React.useState(false);
  const [ackError, setAckError] = React.useState(false);
  const contractorId = contractor?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset for each contractor opened
  React.useEffect(() => {
    setAcknowledged(false);
    setAckError(false);
  }, [contractorId]);
  const needsAck = decision === 'verified' && contractor !== null && !contractor.user.emailConfirmed;

  const onSubmit = form.handleSubmit((values) => {
    if (!contractor || verify.isPending) return;
    if (needsAck && !acknowledged) {
      setAckError(true);
      return;
    }
    clearFailure();
    verify.mutate(
      { contractorId: contractor.id, input: values },
      settle(onboardingMessages.verificationDone, onboardingMessages.verificationFailed),
    );
  });

  const name = (u: ContractorProfileDetail['user']) => [u.firstName, u.lastName].filter(Boolean).join(' ');
  return (
    <DecisionDialog
      item={contractor}
      title="Contractor Verification"
      description={(c) =>
        `Review everything ${c.companyName} submitted, then verify or reject the application.`
      }
      className="max-w-3xl"
      onClose={onClose}
    >
      {(c) => (
        <>
          {!awaitingReview(c) ? (
            <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
              This contractor has not finished the profile setup (licenses and insurance may be missing).
            </p>
          ) : null}
          {!c.user.emailConfirmed ? (
            <p
              role="note"
              className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm"
            >
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
              {onboardingMessages.emailUnconfirmed}
            </p>
          ) : null}
          <CredentialWarnings warnings={c.warnings} />

          <ReviewSection title="Company and contact">
            <Facts>
              <Fact label="Company">{c.companyName}</Fact>
              <Fact label="Contact name">{c.contactName}</Fact>
              <Fact label="Email">{c.contactEmail}</Fact>
              <Fact label="Phone">{c.contactPhone}</Fact>
              <Fact label="Business address">{c.businessAddress}</Fact>
              <Fact label="Website">{c.website ?? 'Not provided'}</Fact>
              <Fact label="Account">
                {name(c.user) ? `${name(c.user)} · ` : ''}
                {c.user.email}
                {c.user.emailConfirmed ? '' : ' (not confirmed)'}
              </Fact>
              <Fact label="Working states">{c.workingStates.join(', ')}</Fact>
              {c.workingStates.length === 1 ? (
                <Fact label="Travel distance">{c.travelDistance} miles</Fact>
              ) : null}
              <Fact label="Applied">{formatMoment(c.createdAt)}</Fact>
            </Facts>
          </ReviewSection>
          <ReviewSection title="Licenses">
            <LicensesView workingStates={c.workingStates} licenses={c.licenses} documents={c.documents} />
          </ReviewSection>
          <ReviewSection title="Insurance">
            <InsuranceView insurance={c.insurance} documents={c.documents} />
          </ReviewSection>
          <ReviewSection title="Documents">
            <DocumentsView documents={c.documents} />
          </ReviewSection>
          <ReviewSection title="Payment setup">
            <PaymentView profile={c} />
          </ReviewSection>

          <form onSubmit={onSubmit} noValidate className="grid gap-4 border-t pt-4" aria-label="Decision">
            <FieldGroup legend="Decision" error={errors.status?.message}>
              <div className="grid gap-2 sm:grid-cols-2">
                {(
                  [
                    ['verified', 'Verify', 'The contractor can receive matched projects.'],
                    ['rejected', 'Reject', 'The application is declined; say why in the notes.'],
                  ] as const
                ).map(([value, label, text]) => (
                  <ChoiceCard
                    key={value}
                    value={value}
                    {...form.register('status')}
                    title={label}
                    detail={text}
                    selected={decision === value}
                    selectedClassName={
                      value === 'verified'
                        ? 'border-emerald-500 bg-emerald-50'
                        : 'border-destructive bg-destructive/5'
                    }
                  />
                ))}
              </div>
            </FieldGroup>
            {needsAck ? (
              <div className="grid gap-1">
                <div className="flex items-start gap-2">
                  <Checkbox
                    id="verify-unconfirmed"
                    checked={acknowledged}
                    aria-invalid={ackError && !acknowledged}
                    aria-describedby={ackError && !acknowledged ? 'verify-unconfirmed-error' : undefined}
                    onCheckedChange={(v) => setAcknowledged(v === true)}
                    className="mt-0.5"
                  />
                  <Label htmlFor="verify-unconfirmed" className="font-normal leading-snug">
                    {onboardingMessages.emailUnconfirmedAcknowledge}
                  </Label>
                </div>
                {ackError && !acknowledged ? (
                  <p id="verify-unconfirmed-error" className="text-sm text-destructive">
                    {onboardingMessages.emailUnconfirmedRequired}
                  </p>
                ) : null}
              </div>
            ) : null}
            <DecisionNotes
              registration={form.register('notes')}
              error={errors.notes?.message}
              description="Sent to the contractor with the decision."
            />
            <DecisionFooter failure={failure} onCancel={onClose}>
              <Button type="submit" disabled={verify.isPending}>
                {verify.isPending ? 'Submitting...' : 'Submit Decision'}
              </Button>
            </DecisionFooter>
          </form>
        </>
      )}
    </DecisionDialog>
  );
}
