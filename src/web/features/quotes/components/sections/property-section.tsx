import { usStates } from '@domain/quotes/options';
import { SelectField, TextField } from '../quote-fields';
import { FormSection } from './form-section';

export function PropertySection() {
  return (
    <FormSection title="Property Address">
      <TextField
        name="streetAddress"
        label="Street Address"
        required
        autoComplete="address-line1"
        maxLength={200}
        className="sm:col-span-2"
      />
      <TextField
        name="streetAddress2"
        label="Address Line 2"
        autoComplete="address-line2"
        placeholder="Apartment, suite, unit (optional)"
        maxLength={200}
        className="sm:col-span-2"
      />
      <TextField name="city" label="City" required autoComplete="address-level2" />
      <SelectField name="state" label="State" required options={usStates} placeholder="Select a state" />
      <TextField
        name="zipCode"
        label="ZIP Code"
        required
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={10}
      />
    </FormSection>
  );
}
