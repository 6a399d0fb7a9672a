import { TextField } from '../quote-fields';
import { FormSection } from './form-section';

export function RequesterSection() {
  return (
    <FormSection title="Your Information" description="Who is ordering the report. We send it to this email.">
      <TextField name="requesterFirstName" label="First Name" required autoComplete="given-name" />
      <TextField name="requesterLastName" label="Last Name" required autoComplete="family-name" />
      <TextField
        name="requesterEmail"
        label="Email"
        required
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        maxLength={254}
        className="sm:col-span-2"
      />
    </FormSection>
  );
}
