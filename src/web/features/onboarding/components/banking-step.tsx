import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { type BankingSetup, bankingSetupSchema, onboardingMessages } from '@domain/contractors/onboarding';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field, fieldAria } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { toast } from '@web/lib/use-toast';
import { Lock } from 'lucide-react';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
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
}

const FIELDS = [
  'bankName',
  'routingNumber',
  'accountNumber',
  'confirmAccountNumber',
  'accountType',
  'accountHolderName',
] as const;

/** Numbers are typed, never filled in by the browser and never shown back (autocomplete off). */
const secretInput = { autoComplete: 'off', inputMode: 'numeric', spellCheck: false } as const;

/** Payment step 1, Banking Information (spec 2 §2, §5): where payouts go. */
export function BankingStep({
  saved,
  companyName,
  onDone,
}: {
  saved: ContractorProfileDetail['banking'];
  companyName: string;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSetupBanking();
  const form = useForm<BankingFormValues, unknown, BankingSetup>({
    resolver: zodResolver(bankingSetupSchema) as unknown as Resolver<
      BankingFormValues,
      unknown,
      BankingSetup
    >,
    // names are kept; the numbers are never sent back, so they are typed again
    defaultValues: {
      bankName: saved?.bankName ?? '',
      routingNumber: '',
      accountNumber: '',
      confirmAccountNumber: '',
      accountType: saved?.accountType ?? '',
      accountHolderName: saved?.accountHolderName ?? companyName,
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const fid = (f: (typeof FIELDS)[number]) => `${id}-${f}`;
  const aria = (f: (typeof FIELDS)[number], hint = false) => fieldAria(fid(f), errors[f]?.message, hint);

  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(values, {
      onSuccess: () => {
        toast({ title: onboardingMessages.bankingSaved, description: 'Next: your tax information.' });
        // the numbers leave the page once saved
        form.reset({ ...form.getValues(), routingNumber: '', accountNumber: '', confirmAccountNumber: '' });
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
      title="Banking Information"
      description="The account your project payments are sent to. Account and routing numbers are encrypted and never shown again in full."
    >
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-5"
        aria-label="Banking Information"
        autoComplete="off"
      >
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
            <Input {...aria('bankName')} {...form.register('bankName')} autoComplete="off" required />
          </Field>
          <Field id={fid('accountType')} label="Account Type" required error={errors.accountType?.message}>
            <NativeSelect {...aria('accountType')} {...form.register('accountType')} required>
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
            <Input
              {...aria('accountHolderName')}
              {...form.register('accountHolderName')}
              autoComplete="off"
              required
            />
          </Field>
          <Field
            id={fid('routingNumber')}
            label="Routing Number"
            required
            error={errors.routingNumber?.message}
            hint="The 9 digits at the bottom left of a check."
            className="sm:col-span-2 sm:max-w-sm"
          >
            <Input
              {...aria('routingNumber', true)}
              {...form.register('routingNumber')}
              {...secretInput}
              maxLength={11}
              required
            />
          </Field>
          <Field
            id={fid('accountNumber')}
            label="Account Number"
            required
            error={errors.accountNumber?.message}
          >
            <Input
              {...aria('accountNumber')}
              {...form.register('accountNumber')}
              {...secretInput}
              maxLength={20}
              required
            />
          </Field>
          <Field
            id={fid('confirmAccountNumber')}
            label="Confirm Account Number"
            required
            error={errors.confirmAccountNumber?.message}
          >
            <Input
              {...aria('confirmAccountNumber')}
              {...form.register('confirmAccountNumber')}
              {...secretInput}
              maxLength={20}
              required
            />
          </Field>
        </div>
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto sm:justify-self-start">
          {save.isPending ? 'Saving...' : 'Save and Continue'}
        </Button>
      </form>
    </StepCard>
  );
}
