import type { StoredInsurance } from '@domain/contractors/credentials';
import { onboardingMessages } from '@domain/contractors/onboarding-fields';
import { type InsuranceSetup, insuranceSetupSchema } from '@domain/contractors/profile-wizard';
import { Field } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { schemaResolver } from '@web/lib/schema-resolver';
import { toast } from '@web/lib/use-toast';
import type * as React from 'react';
import { useCallback, useId, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useSetupInsurance } from '../api/setup-steps';
import { failureWithMessage, serverFieldErrors } from '../lib/notices';
import { DocumentUpload } from './document-upload';
import { StepCard } from './step-card';

interface PolicyFields {
  carrier: string;
  policyNumber: string;
  expirationDate: string;
  document?: string;
  documentId?: string;
}

export interface InsuranceFormValues {
  generalLiability: PolicyFields & { coverageAmount: string };
  workersCompensation: PolicyFields & { notRequired: boolean };
  bonding: {
    notRequired: boolean;
    carrier: string;
    bondAmount: string;
    expirationDate: string;
    document?: string;
    documentId?: string;
  };
}

const amountText = (n: number | undefined) => (n === undefined ? '' : n.toLocaleString('en-US'));

/** The form's starting values: what was saved before, else empty. */
export function insuranceDefaults(saved: StoredInsurance | null): InsuranceFormValues {
  const gl = saved?.generalLiability;
  const wc = saved?.workersCompensation;
  const bond = saved?.bonding;
  return {
    generalLiability: {
      carrier: gl?.carrier ?? '',
      policyNumber: gl?.policyNumber ?? '',
      expirationDate: gl?.expirationDate ?? '',
      coverageAmount: amountText(gl?.coverageAmount),
      document: gl?.document ?? undefined,
      documentId: gl?.documentId ?? undefined,
    },
    workersCompensation:
      wc && !wc.notRequired
        ? {
            notRequired: false,
            carrier: wc.carrier,
            policyNumber: wc.policyNumber,
            expirationDate: wc.expirationDate,
            document: wc.document ?? undefined,
            documentId: wc.documentId ?? undefined,
          }
        : { notRequired: wc?.notRequired ?? false, carrier: '', policyNumber: '', expirationDate: '' },
    bonding:
      bond && !bond.notRequired
        ? {
            notRequired: false,
            carrier: bond.carrier,
            bondAmount: amountText(bond.bondAmount),
            expirationDate: bond.expirationDate ?? '',
            document: bond.document ?? undefined,
            documentId: bond.documentId ?? undefined,
          }
        : { notRequired: bond?.notRequired ?? false, carrier: '', bondAmount: '', expirationDate: '' },
  };
}

/** A section that is 'not required' sends only that. */
export function toInsuranceBody(values: InsuranceSetup): InsuranceSetup {
  return {
    generalLiability: values.generalLiability,
    workersCompensation: values.workersCompensation.notRequired
      ? { notRequired: true }
      : values.workersCompensation,
    bonding: values.bonding.notRequired ? { notRequired: true } : values.bonding,
  } as InsuranceSetup;
}

type TextPath = Exclude<
  FieldPath<InsuranceFormValues>,
  | 'generalLiability'
  | 'workersCompensation'
  | 'bonding'
  | `${string}.notRequired`
  | `${string}.document`
  | `${string}.documentId`
>;
type Section = keyof InsuranceFormValues;

/** Step 3, Insurance Information (spec 2 §2): general liability, workers' compensation, bonding. */
export function InsuranceStep({
  insurance,
  onDone,
}: {
  insurance: StoredInsurance | null;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSetupInsurance();
  const [uploads, setUploads] = useState<Record<string, boolean>>({});
  const form = useForm<InsuranceFormValues, unknown, InsuranceSetup>({
    resolver: schemaResolver(insuranceSetupSchema),
    defaultValues: insuranceDefaults(insurance),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const wcNotRequired = form.watch('workersCompensation.notRequired');
  const bondNotRequired = form.watch('bonding.notRequired');
  const uploading = Object.values(uploads).some(Boolean);
  const setUploading = useCallback(
    (key: string) => (on: boolean) => setUploads((u) => (u[key] === on ? u : { ...u, [key]: on })),
    [],
  );

  const errorOf = (path: TextPath): string | undefined => {
    const [section, field] = path.split('.') as [Section, string];
    const group = errors[section] as Record<string, { message?: string } | undefined> | undefined;
    return group?.[field]?.message;
  };

  const text = (
    path: TextPath,
    label: string,
    props: React.ComponentProps<typeof Input> = {},
    hint?: string,
  ) => {
    const fid = `${id}-${path.replace('.', '-')}`;
    const error = errorOf(path);
    return (
      <Field id={fid} label={label} required={props.required} error={error} description={hint}>
        <Input {...form.register(path)} {...props} />
      </Field>
    );
  };

  const upload = (
    section: Section,
    label: string,
    kind: 'general_liability' | 'workers_compensation' | 'bonding',
  ) => (
    <Controller
      control={form.control}
      name={`${section}.documentId`}
      render={({ field }) => (
        <DocumentUpload
          id={`${id}-${section}-document`}
          label={label}
          kind={kind}
          value={{ documentId: field.value, fileName: form.getValues(`${section}.document`) }}
          onUploadingChange={setUploading(section)}
          onChange={(next) => {
            form.setValue(`${section}.document`, next.fileName);
            field.onChange(next.documentId);
          }}
        />
      )}
    />
  );

  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending || uploading) return;
    save.mutate(toInsuranceBody(values), {
      onSuccess: () => {
        toast({
          title: onboardingMessages.profileComplete,
          description: 'Our team now verifies your licenses and insurance. We will e-mail you the result.',
        });
        onDone();
      },
      onError: (error) => {
        for (const [key, message] of Object.entries(serverFieldErrors(error))) {
          if (
            /^(generalLiability|workersCompensation|bonding)\.\w+$/.test(key) &&
            !key.endsWith('documentId')
          ) {
            form.setError(key as TextPath, { message });
          }
        }
        failureWithMessage(onboardingMessages.insuranceFailed, error);
      },
    });
  });

  return (
    <StepCard
      title="Insurance Information"
      description="Your policies as they appear on your certificates of insurance. Homeowners see an 'Insured' badge while your general liability policy is current."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Insurance Information">
        <fieldset className="grid min-w-0 gap-4 rounded-lg border p-4">
          <legend className="px-1 text-base font-semibold">General Liability</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('generalLiability.carrier', 'Insurance Carrier', { required: true, autoComplete: 'off' })}
            {text('generalLiability.policyNumber', 'Policy Number', { required: true, autoComplete: 'off' })}
            {text('generalLiability.expirationDate', 'Expiration Date', { required: true, type: 'date' })}
            {text(
              'generalLiability.coverageAmount',
              'Coverage Amount ($)',
              { required: true, inputMode: 'numeric', placeholder: '1,000,000', autoComplete: 'off' },
              'Per occurrence, in dollars. The network asks for $1,000,000 or more.',
            )}
          </div>
          {upload('generalLiability', 'Certificate of Insurance (General Liability)', 'general_liability')}
        </fieldset>

        <fieldset className="grid min-w-0 gap-4 rounded-lg border p-4">
          <legend className="px-1 text-base font-semibold">Workers' Compensation</legend>
          <div className="flex items-center gap-2">
            <input
              id={`${id}-wc-none`}
              type="checkbox"
              {...form.register('workersCompensation.notRequired')}
              className="size-4 shrink-0 accent-primary"
            />
            <label htmlFor={`${id}-wc-none`} className="text-sm">
              Not required (sole proprietor with no employees)
            </label>
          </div>
          {wcNotRequired ? null : (
            <>
              <div className="grid gap-4 sm:grid-cols-3">
                {text('workersCompensation.carrier', 'Insurance Carrier', {
                  required: true,
                  autoComplete: 'off',
                })}
                {text('workersCompensation.policyNumber', 'Policy Number', {
                  required: true,
                  autoComplete: 'off',
                })}
                {text('workersCompensation.expirationDate', 'Expiration Date', {
                  required: true,
                  type: 'date',
                })}
              </div>
              {upload(
                'workersCompensation',
                "Certificate of Insurance (Workers' Compensation)",
                'workers_compensation',
              )}
            </>
          )}
        </fieldset>

        <fieldset className="grid min-w-0 gap-4 rounded-lg border p-4">
          <legend className="px-1 text-base font-semibold">Bonding</legend>
          <div className="flex items-center gap-2">
            <input
              id={`${id}-bond-none`}
              type="checkbox"
              {...form.register('bonding.notRequired')}
              className="size-4 shrink-0 accent-primary"
            />
            <label htmlFor={`${id}-bond-none`} className="text-sm">
              Not required or not applicable
            </label>
          </div>
          {bondNotRequired ? null : (
            <>
              <div className="grid gap-4 sm:grid-cols-3">
                {text('bonding.carrier', 'Bonding Company', { required: true, autoComplete: 'off' })}
                {text('bonding.bondAmount', 'Bond Amount ($)', {
                  required: true,
                  inputMode: 'numeric',
                  placeholder: '25,000',
                  autoComplete: 'off',
                })}
                {text('bonding.expirationDate', 'Expiration Date', { type: 'date' })}
              </div>
              {upload('bonding', 'Bond Certificate', 'bonding')}
            </>
          )}
        </fieldset>

        <Button
          type="submit"
          disabled={save.isPending || uploading}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          {save.isPending ? 'Saving...' : uploading ? 'Uploading...' : 'Complete Profile'}
        </Button>
      </form>
    </StepCard>
  );
}
