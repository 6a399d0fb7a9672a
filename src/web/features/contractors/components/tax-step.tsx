import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { onboardingMessages } from '@domain/contractors/onboarding-fields';
import {
  businessTypeLabels,
  businessTypes,
  type TaxInfo,
  taxInfoSchema,
} from '@domain/contractors/payment-wizard';
import { Field } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { schemaResolver } from '@web/lib/schema-resolver';
import { Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSetupTaxInfo } from '../api/setup-steps';
import { failureOrFallback, serverFieldErrors } from '../lib/notices';
import { DocumentUpload } from './document-upload';
import { StepCard } from './step-card';

interface TaxFormValues {
  businessName: string;
  ein: string;
  ssn: string;
  businessType: '' | (typeof businessTypes)[number];
  businessAddress: string;
  businessCity: string;
  businessState: string;
  businessZip: string;
  w9Document?: string;
  w9DocumentId?: string;
}

const TEXT = [
  'businessName',
  'ein',
  'ssn',
  'businessType',
  'businessAddress',
  'businessCity',
  'businessState',
  'businessZip',
] as const;
type TextField = (typeof TEXT)[number];

/** "1201 Elm St, Dallas, TX 75270" → its parts, to start the tax form from the application's address. */
function splitAddress(
  address: string,
): Pick<TaxFormValues, 'businessAddress' | 'businessCity' | 'businessState' | 'businessZip'> {
  const m = /^(.+?),\s*([^,]+?),\s*([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)\s*$/.exec(address.trim());
  if (!m) return { businessAddress: address, businessCity: '', businessState: '', businessZip: '' };
  return {
    businessAddress: m[1] ?? '',
    businessCity: m[2] ?? '',
    businessState: (m[3] ?? '').toUpperCase(),
    businessZip: m[4] ?? '',
  };
}

/** Payment step 2, Tax Information (1099) (spec 2 §2, §5): EIN or SSN, business type and address. */
export function TaxStep({
  profile,
  onDone,
}: {
  profile: Pick<ContractorProfileDetail, 'tax' | 'companyName' | 'businessAddress'>;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSetupTaxInfo();
  const [uploading, setUploading] = useState(false);
  const saved = profile.tax;
  const form = useForm<TaxFormValues, unknown, TaxInfo>({
    resolver: schemaResolver(taxInfoSchema),
    defaultValues: saved
      ? {
          businessName: saved.businessName,
          ein: '',
          ssn: '',
          businessType: saved.businessType,
          businessAddress: saved.businessAddress,
          businessCity: saved.businessCity,
          businessState: saved.businessState,
          businessZip: saved.businessZip,
          w9Document: saved.w9Document ?? undefined,
        }
      : {
          businessName: profile.companyName,
          ein: '',
          ssn: '',
          businessType: '',
          ...splitAddress(profile.businessAddress),
        },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const fid = (f: TextField) => `${id}-${f}`;

  // zod checks 'either EIN or SSN' only once every other field is valid; say it at once instead
  const showEinOrSsn = () => {
    const { ein, ssn } = form.getValues();
    if (!ein.trim() && !ssn.trim() && !form.getFieldState('ein').error) {
      form.setError('ein', { message: onboardingMessages.einOrSsn });
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending || uploading) return;
    save.mutate(values, {
      onSuccess: () => {
        form.reset({ ...form.getValues(), ein: '', ssn: '' });
        onDone();
      },
      onError: (error) => {
        for (const [key, message] of Object.entries(serverFieldErrors(error))) {
          if ((TEXT as readonly string[]).includes(key)) form.setError(key as TextField, { message });
        }
        failureOrFallback(onboardingMessages.taxFailed, error);
      },
    });
  }, showEinOrSsn);

  return (
    <StepCard
      title="Tax Information (1099)"
      description="We report your payouts to the IRS on Form 1099. Give your EIN, or your SSN if you have no EIN. Either is encrypted and never shown again in full."
    >
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-5"
        aria-label="Tax Information (1099)"
        autoComplete="off"
      >
        {saved && (saved.einLast4 || saved.ssnLast4) ? (
          <p className="flex items-start gap-2 rounded-md border bg-secondary/40 px-3 py-2 text-sm">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              On file:
              {saved.einLast4 ? ` EIN ending in ${saved.einLast4}` : ''}
              {saved.einLast4 && saved.ssnLast4 ? ',' : ''}
              {saved.ssnLast4 ? ` SSN ending in ${saved.ssnLast4}` : ''}. Enter it again to save changes.
            </span>
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fid('businessName')} label="Business Name" required error={errors.businessName?.message}>
            <Input {...form.register('businessName')} autoComplete="organization" required />
          </Field>
          <Field id={fid('businessType')} label="Business Type" required error={errors.businessType?.message}>
            <NativeSelect {...form.register('businessType')} required>
              <option value="">Select business type</option>
              {businessTypes.map((t) => (
                <option key={t} value={t}>
                  {businessTypeLabels[t]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            id={fid('ein')}
            label="EIN"
            error={errors.ein?.message}
            description="Employer Identification Number, 9 digits (12-3456789)."
          >
            <Input
              {...form.register('ein')}
              autoComplete="off"
              inputMode="numeric"
              spellCheck={false}
              maxLength={10}
            />
          </Field>
          <Field
            id={fid('ssn')}
            label="SSN"
            error={errors.ssn?.message}
            description="Only if you have no EIN: 9 digits (123-45-6789)."
          >
            <Input
              {...form.register('ssn')}
              type="password"
              autoComplete="off"
              inputMode="numeric"
              spellCheck={false}
              maxLength={11}
            />
          </Field>
          <Field
            id={fid('businessAddress')}
            label="Business Address"
            required
            error={errors.businessAddress?.message}
            className="sm:col-span-2"
          >
            <Input {...form.register('businessAddress')} autoComplete="street-address" required />
          </Field>
          <Field id={fid('businessCity')} label="City" required error={errors.businessCity?.message}>
            <Input {...form.register('businessCity')} autoComplete="address-level2" required />
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field
              id={fid('businessState')}
              label="State"
              required
              error={errors.businessState?.message}
              description="2 letters, e.g. TX"
            >
              <Input
                {...form.register('businessState')}
                autoComplete="address-level1"
                maxLength={2}
                className="uppercase"
                required
              />
            </Field>
            <Field id={fid('businessZip')} label="ZIP Code" required error={errors.businessZip?.message}>
              <Input
                {...form.register('businessZip')}
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={10}
                required
              />
            </Field>
          </div>
        </div>
        <Controller
          control={form.control}
          name="w9DocumentId"
          render={({ field }) => (
            <DocumentUpload
              id={`${id}-w9`}
              label="W-9 Form (optional)"
              kind="w9"
              value={{ documentId: field.value, fileName: form.getValues('w9Document') }}
              onUploadingChange={setUploading}
              onChange={(next) => {
                form.setValue('w9Document', next.fileName);
                field.onChange(next.documentId);
              }}
            />
          )}
        />
        <Button
          type="submit"
          disabled={save.isPending || uploading}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          {save.isPending ? 'Saving...' : uploading ? 'Uploading...' : 'Complete Setup'}
        </Button>
      </form>
    </StepCard>
  );
}
