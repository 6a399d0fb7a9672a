import type { StoredLicense } from '@domain/contractors/credentials';
import { onboardingMessages } from '@domain/contractors/onboarding-fields';
import { type LicensesSetup, licenseEntrySchema } from '@domain/contractors/profile-wizard';
import { Field } from '@web/components/field';
import { FormError } from '@web/components/form-error';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { schemaResolver } from '@web/lib/schema-resolver';
import { toast } from '@web/lib/use-toast';
import { useCallback, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSetupLicenses } from '../api/setup-steps';
import { failureWithMessage, serverFieldErrors } from '../lib/notices';
import { DocumentUpload } from './document-upload';
import { StepCard } from './step-card';

interface LicenseFormEntry {
  state: string;
  licenseNumber: string;
  noLicenseRequired: boolean;
  expirationDate: string;
  licenseDocument?: string;
  licenseDocumentId?: string;
}

interface LicensesFormValues {
  licenses: LicenseFormEntry[];
}

/** The licences call's entry schema, one per working state, as a list the form can index. */
const licensesFormSchema = z.object({ licenses: z.array(licenseEntrySchema) });
type LicensesFormOutput = z.output<typeof licensesFormSchema>;

function entryFor(state: string, stored: StoredLicense | undefined): LicenseFormEntry {
  return {
    state,
    licenseNumber: stored?.licenseNumber ?? '',
    noLicenseRequired: stored?.noLicenseRequired ?? false,
    expirationDate: stored?.expirationDate ?? '',
    licenseDocument: stored?.licenseDocument ?? undefined,
    licenseDocumentId: stored?.licenseDocumentId ?? undefined,
  };
}

/** The call's body: a map keyed by state name; a state that needs no licence sends only that. */
export function toLicensesBody(entries: LicensesFormOutput['licenses']): LicensesSetup {
  const body: LicensesSetup = {};
  for (const e of entries) {
    body[e.state] = e.noLicenseRequired
      ? { state: e.state, noLicenseRequired: true }
      : {
          state: e.state,
          noLicenseRequired: false,
          licenseNumber: e.licenseNumber,
          expirationDate: e.expirationDate,
          licenseDocument: e.licenseDocument,
          licenseDocumentId: e.licenseDocumentId,
        };
  }
  return body;
}

/** Step 2, License Information (spec 2 §2): one entry per working state. */
export function LicensesStep({
  workingStates,
  licenses,
  onDone,
}: {
  workingStates: string[];
  licenses: StoredLicense[];
  onDone: () => void;
}) {
  const id = useId();
  const save = useSetupLicenses();
  const [uploads, setUploads] = useState<Record<string, boolean>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LicensesFormValues, unknown, LicensesFormOutput>({
    resolver: schemaResolver(licensesFormSchema),
    defaultValues: {
      licenses: workingStates.map((s) =>
        entryFor(
          s,
          licenses.find((l) => l.state === s),
        ),
      ),
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const entries = form.watch('licenses');
  const uploading = Object.values(uploads).some(Boolean);
  const setUploading = useCallback(
    (state: string) => (on: boolean) => setUploads((u) => (u[state] === on ? u : { ...u, [state]: on })),
    [],
  );

  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending || uploading) return;
    setFormError(null);
    save.mutate(toLicensesBody(values.licenses), {
      onSuccess: () => {
        toast({ title: onboardingMessages.licensesSaved, description: 'Next: your insurance information.' });
        onDone();
      },
      onError: (error) => {
        const unplaced: string[] = [];
        for (const [key, message] of Object.entries(serverFieldErrors(error))) {
          const [state, field] = key.split('.');
          const index = workingStates.indexOf(state ?? '');
          if (index >= 0 && (field === 'licenseNumber' || field === 'expirationDate')) {
            form.setError(`licenses.${index}.${field}`, { message });
          } else unplaced.push(message);
        }
        if (unplaced.length > 0) setFormError(unplaced.join(' '));
        failureWithMessage(onboardingMessages.licensesFailed, error);
      },
    });
  });

  return (
    <StepCard
      title="License Information"
      description="One entry for each state you work in. Add the license number, its expiration date and a copy of the license; if a state has no licensing for roofers, say so."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="License Information">
        {formError ? <FormError message={formError} /> : null}
        {workingStates.map((state, i) => {
          const entry = entries[i];
          const noLicense = entry?.noLicenseRequired ?? false;
          const fid = (f: string) => `${id}-${i}-${f}`;
          const e = errors.licenses?.[i];
          return (
            <fieldset key={state} className="grid min-w-0 gap-4 rounded-lg border p-4">
              <legend className="px-1 text-base font-semibold">{state}</legend>
              <div className="flex items-center gap-2">
                <input
                  id={fid('none')}
                  type="checkbox"
                  {...form.register(`licenses.${i}.noLicenseRequired`)}
                  className="size-4 shrink-0 accent-primary"
                />
                <label htmlFor={fid('none')} className="text-sm">
                  No license required in this state
                </label>
              </div>
              {noLicense ? null : (
                <>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field
                      id={fid('number')}
                      label="License Number"
                      required
                      error={e?.licenseNumber?.message}
                    >
                      <Input {...form.register(`licenses.${i}.licenseNumber`)} autoComplete="off" required />
                    </Field>
                    <Field id={fid('expires')} label="Expiration Date" error={e?.expirationDate?.message}>
                      <Input {...form.register(`licenses.${i}.expirationDate`)} type="date" />
                    </Field>
                  </div>
                  <Controller
                    control={form.control}
                    name={`licenses.${i}.licenseDocumentId`}
                    render={({ field }) => (
                      <DocumentUpload
                        id={fid('document')}
                        label={`License Document (${state})`}
                        kind="license"
                        state={state}
                        value={{ documentId: field.value, fileName: entry?.licenseDocument }}
                        onUploadingChange={setUploading(state)}
                        onChange={(next) => {
                          field.onChange(next.documentId);
                          form.setValue(`licenses.${i}.licenseDocument`, next.fileName);
                        }}
                      />
                    )}
                  />
                </>
              )}
            </fieldset>
          );
        })}
        <Button
          type="submit"
          disabled={save.isPending || uploading}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          {save.isPending ? 'Saving...' : uploading ? 'Uploading...' : 'Save and Continue'}
        </Button>
      </form>
    </StepCard>
  );
}
