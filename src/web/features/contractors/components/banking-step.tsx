import { bankChangeMessages } from '@domain/contractors/bank-changes';
import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { onboardingMessages } from '@domain/contractors/onboarding-fields';
import { type BankingSetup, bankingSetupSchema } from '@domain/contractors/payment-wizard';
import { Field } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { schemaResolver } from '@web/lib/schema-resolver';
import { toast } from '@web/lib/use-toast';
import { Lock, ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSetupBanking } from '../api/setup-steps';
import { failureOrFallback, serverFieldErrors } from '../lib/notices';
import { StepCard } from './step-card';

interface BankingFormValues {
  bankName: string;
  routingNumber: string;
  accountNumber: string;
  confirmAccountNumber: string;
  accountType: '' | 'checking' | 'savings';
  accountHolderName: string;
  currentPassword: string;
}

const FIELDS = [
  'bankName',
  'routingNumber',
  'accountNumber',
  'confirmAccountNumber',
  'accountType',
  'accountHolderName',
  'currentPassword',
] as const;

/** Numbers are typed, never filled in by the browser and never shown back (autocomplete off). */
const secretInput = { autoComplete: 'off', inputMode: 'numeric', spellCheck: false } as const;

/**
 * Payment step 1, Banking Information (spec 2 §2, §5): where payouts go. With `change`, after the
 * payment set-up: the current password is asked for, and the new account waits for our team's
 * review while the one on file stays in force (domain/contractors/bank-changes.ts).
 */
export function BankingStep({
  saved,
  companyName,
  onDone,
  change = false,
}: {
  saved: ContractorProfileDetail['banking'];
  companyName: string;
  onDone: () => void;
  change?: boolean;
}) {
  const id = useId();
  const save = useSetupBanking();
  const form = useForm<BankingFormValues, unknown, BankingSetup>({
    resolver: schemaResolver(bankingSetupSchema),
    // names are kept; the numbers are never sent back, so they are typed again
    defaultValues: {
      bankName: saved?.bankName ?? '',
      routingNumber: '',
      accountNumber: '',
      confirmAccountNumber: '',
      accountType: saved?.accountType ?? '',
      accountHolderName: saved?.accountHolderName ?? companyName,
      currentPassword: '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const fid = (f: (typeof FIELDS)[number]) => `${id}-${f}`;

  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending) return;
    if (change && !values.currentPassword) {
      form.setError('currentPassword', { message: bankChangeMessages.currentPasswordRequired });
      return;
    }
    save.mutate(change ? values : { ...values, currentPassword: undefined }, {
      onSuccess: () => {
        toast(
          change
            ? { title: bankChangeMessages.pendingReview, description: bankChangeMessages.requested }
            : { title: onboardingMessages.bankingSaved, description: 'Next: your tax information.' },
        );
        // the numbers and the password leave the page once sent
        form.reset({
          ...form.getValues(),
          routingNumber: '',
          accountNumber: '',
          confirmAccountNumber: '',
          currentPassword: '',
        });
        onDone();
      },
      onError: (error) => {
        for (const [key, message] of Object.entries(serverFieldErrors(error))) {
          if ((FIELDS as readonly string[]).includes(key))
            form.setError(key as (typeof FIELDS)[number], { message });
        }
        failureOrFallback(onboardingMessages.bankingFailed, error);
      },
    });
  });

  return (
    <StepCard
      title={change ? 'Change Bank Details' : 'Banking Information'}
      description="The account your project payments are sent to. Account and routing numbers are encrypted and never shown again in full."
    >
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-5"
        aria-label={change ? 'Change Bank Details' : 'Banking Information'}
        autoComplete="off"
      >
        {change ? (
          <div className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
            <span>
              For your security, our team reviews every change of bank details and we e-mail you about it.
              Until the change is approved, the account on file stays in force and your payouts are on hold.
            </span>
          </div>
        ) : null}
        {saved ? (
          <p className="flex items-start gap-2 rounded-md border bg-secondary/40 px-3 py-2 text-sm">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              On file: routing number ending in {saved.routingNumberLast4}, account ending in{' '}
              {saved.accountNumberLast4}. Enter the numbers again to change them.
            </span>
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fid('bankName')} label="Bank Name" required error={errors.bankName?.message}>
            <Input {...form.register('bankName')} autoComplete="off" required />
          </Field>
          <Field id={fid('accountType')} label="Account Type" required error={errors.accountType?.message}>
            <NativeSelect {...form.register('accountType')} required>
              <option value="">Select account type</option>
              <option value="checking">Checking</option>
              <option value="savings">Savings</option>
            </NativeSelect>
          </Field>
          <Field
            id={fid('accountHolderName')}
            label="Account Holder Name"
            required
            error={errors.accountHolderName?.message}
            className="sm:col-span-2"
          >
            <Input {...form.register('accountHolderName')} autoComplete="off" required />
          </Field>
          <Field
            id={fid('routingNumber')}
            label="Routing Number"
            required
            error={errors.routingNumber?.message}
            description="The 9 digits at the bottom left of a check."
            className="sm:col-span-2 sm:max-w-sm"
          >
            <Input {...form.register('routingNumber')} {...secretInput} maxLength={11} required />
          </Field>
          <Field
            id={fid('accountNumber')}
            label="Account Number"
            required
            error={errors.accountNumber?.message}
          >
            <Input {...form.register('accountNumber')} {...secretInput} maxLength={20} required />
          </Field>
          <Field
            id={fid('confirmAccountNumber')}
            label="Confirm Account Number"
            required
            error={errors.confirmAccountNumber?.message}
          >
            <Input {...form.register('confirmAccountNumber')} {...secretInput} maxLength={20} required />
          </Field>
        </div>
        {change ? (
          <Field
            id={fid('currentPassword')}
            label="Current Password"
            required
            error={errors.currentPassword?.message}
            description="The password you sign in with: it confirms that you are making this change."
            className="sm:max-w-sm"
          >
            <Input
              {...form.register('currentPassword')}
              type="password"
              autoComplete="current-password"
              required
            />
          </Field>
        ) : null}
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto sm:justify-self-start">
          {save.isPending
            ? change
              ? 'Sending...'
              : 'Saving...'
            : change
              ? 'Submit Change for Review'
              : 'Save and Continue'}
        </Button>
      </form>
    </StepCard>
  );
}
