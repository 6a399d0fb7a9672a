import type { QuoteDataInput } from '@domain/quotes/quote-form';
import { useFormContext, useWatch } from 'react-hook-form';
import { RadioField, TextField } from '../quote-fields';
import { FormSection } from './form-section';

/** Whether insurance is involved; the carrier and adjuster fields only with insurance. */
export function InsuranceSection() {
  const { control } = useFormContext<QuoteDataInput>();
  const insurance = useWatch({ control, name: 'insuranceInvolved' }) === 'Yes';
  return (
    <FormSection title="Insurance">
      <RadioField
        name="insuranceInvolved"
        label="Is insurance involved?"
        required
        className="sm:col-span-2"
      />
      {insurance ? (
        <>
          <TextField name="carrierName" label="Insurance Carrier" />
          <TextField name="claimNumber" label="Claim Number" />
          <TextField name="adjusterFirstName" label="Adjuster First Name" />
          <TextField name="adjusterLastName" label="Adjuster Last Name" />
          <TextField
            name="adjusterEmail"
            label="Adjuster Email"
            type="email"
            inputMode="email"
            maxLength={254}
          />
          <TextField name="adjusterPhone" label="Adjuster Phone" type="tel" inputMode="tel" maxLength={25} />
        </>
      ) : null}
    </FormSection>
  );
}
