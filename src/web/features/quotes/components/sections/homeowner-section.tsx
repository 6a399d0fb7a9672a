import type { QuoteDataInput } from '@domain/quotes/quote-form';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { HOMEOWNER_COPY, homeownerMatchesRequester } from '../../lib/quote-draft';
import { TextField } from '../quote-fields';
import { FormSection } from './form-section';

/**
 * The homeowner; 'I am the homeowner' copies the requester's name and email here and keeps them
 * in sync while it is checked (the copied fields are read-only then).
 */
export function HomeownerSection() {
  const { control, getValues, setValue, formState } = useFormContext<QuoteDataInput>();
  const [same, setSame] = useState(() => homeownerMatchesRequester(getValues()));
  const requester = useWatch({
    control,
    name: ['requesterFirstName', 'requesterLastName', 'requesterEmail'],
  });
  const submitted = formState.isSubmitted;

  useEffect(() => {
    if (!same) return;
    HOMEOWNER_COPY.forEach(([, to], i) => {
      const value = requester[i] ?? '';
      if (getValues(to) !== value) setValue(to, value, { shouldDirty: true, shouldValidate: submitted });
    });
  }, [same, requester, getValues, setValue, submitted]);

  return (
    <FormSection title="Homeowner Information">
      <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium sm:col-span-2">
        <input
          type="checkbox"
          checked={same}
          onChange={(e) => setSame(e.target.checked)}
          className="size-4 accent-primary"
        />
        I am the homeowner
      </label>
      <TextField name="homeownerFirstName" label="Homeowner First Name" required readOnly={same} />
      <TextField name="homeownerLastName" label="Homeowner Last Name" required readOnly={same} />
      <TextField
        name="homeownerEmail"
        label="Homeowner Email"
        type="email"
        inputMode="email"
        maxLength={254}
        readOnly={same}
      />
      <TextField name="homeownerPhone" label="Homeowner Phone" type="tel" inputMode="tel" maxLength={25} />
    </FormSection>
  );
}
