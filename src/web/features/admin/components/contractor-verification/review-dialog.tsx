import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { type VerifyContractor, verifyContractorSchema } from '@domain/contractors/onboarding';
import { onboardingMessages } from '@domain/contractors/onboarding-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CredentialWarnings,
  DocumentsView,
  Fact,
  Facts,
  InsuranceView,
  LicensesView,
  PaymentView,
} from '@web/components/contractor-credentials/contractor-credentials';
import { formatMoment } from '@web/components/contractor-credentials/format';
import { FormError } from '@web/components/form-error';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Textarea } from '@web/components/ui/textarea';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { AlertTriangle } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useVerifyContractor } from '../../api/verify-contractor';
import { awaitingReview } from './pending-contractor-list';

interface DecisionValues {
  status: '' | 'verified' | 'rejected';
  notes: string;
}

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
  const id = useId();
  const verify = useVerifyContractor();
  const form = useForm<DecisionValues, unknown, VerifyContractor>({
    resolver: zodResolver(verifyContractorSchema) as unknown as Resolver<
      DecisionValues,
      unknown,
      VerifyContractor
    >,
    defaultValues: { status: '', notes: '' },
  });
  const { errors } = form.formState;
  const decision = form.watch('status');
  const [failure, setFailure] = useState<string | null>(null);

  // a new contractor opens with a fresh decision
  useEffect(() => {
    if (!contractor) return;
    form.reset({ status: '', notes: '' });
    setFailure(null);
  }, [contractor, form]);

  const onSubmit = form.handleSubmit((values) => {
    if (!contractor || verify.isPending) return;
    setFailure(null);
    verify.mutate(
      { contractorId: contractor.id, input: values },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: onboardingMessages.verificationDone });
          onClose();
        },
        onError: (error) => {
          const message = serverMessage(error) ?? onboardingMessages.verificationFailed;
          // also inside the dialog: while it is open, the page behind it (and its notices) is hidden from screen readers
          setFailure(message);
          toast({ variant: 'destructive', title: 'Error', description: message });
        },
      },
    );
  });

  const c = contractor;
  const name = (u: ContractorProfileDetail['user']) => [u.firstName, u.lastName].filter(Boolean).join(' ');
  return (
    <Dialog open={c !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-3xl grid-cols-[minmax(0,1fr)]">
        {c ? (
          <>
            <DialogHeader>
              <DialogTitle>Contractor Verification</DialogTitle>
              <DialogDescription>
                Review everything {c.companyName} submitted, then verify or reject the application.
              </DialogDescription>
            </DialogHeader>

            {!awaitingReview(c) ? (
              <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
                This contractor has not finished the profile setup (licenses and insurance may be missing).
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
              <fieldset
                className="grid gap-2"
                aria-describedby={errors.status ? `${id}-status-error` : undefined}
                aria-invalid={errors.status ? true : undefined}
              >
                <legend className="mb-1 text-sm font-medium">Decision</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {(
                    [
                      ['verified', 'Verify', 'The contractor can receive matched projects.'],
                      ['rejected', 'Reject', 'The application is declined; say why in the notes.'],
                    ] as const
                  ).map(([value, label, text]) => (
                    <label
                      key={value}
                      className={cn(
                        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                        decision === value &&
                          (value === 'verified'
                            ? 'border-emerald-500 bg-emerald-50'
                            : 'border-destructive bg-destructive/5'),
                      )}
                    >
                      <input
                        type="radio"
                        value={value}
                        {...form.register('status')}
                        className="mt-0.5 size-4 accent-primary"
                      />
                      <span>
                        <span className="block font-semibold">{label}</span>
                        <span className="text-muted-foreground">{text}</span>
                      </span>
                    </label>
                  ))}
                </div>
                {errors.status ? (
                  <p id={`${id}-status-error`} className="text-sm font-medium text-destructive">
                    {errors.status.message}
                  </p>
                ) : null}
              </fieldset>
              <div className="grid gap-2">
                <label htmlFor={`${id}-notes`} className="text-sm font-medium">
                  Notes (optional)
                </label>
                <Textarea
                  id={`${id}-notes`}
                  {...form.register('notes')}
                  rows={3}
                  aria-describedby={`${id}-notes-hint${errors.notes ? ` ${id}-notes-error` : ''}`}
                  aria-invalid={errors.notes ? true : undefined}
                />
                <p id={`${id}-notes-hint`} className="text-xs text-muted-foreground">
                  Sent to the contractor with the decision.
                </p>
                {errors.notes ? (
                  <p id={`${id}-notes-error`} className="text-sm font-medium text-destructive">
                    {errors.notes.message}
                  </p>
                ) : null}
              </div>
              {failure ? <FormError message={failure} /> : null}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" disabled={verify.isPending}>
                  {verify.isPending ? 'Submitting...' : 'Submit Decision'}
                </Button>
              </DialogFooter>
            </form>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
