import { FormField } from '@web/components/field';
import { Input } from '@web/components/ui/input';
import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

interface AccountFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  description?: ReactNode;
}

/** The account's e-mail address, as every sign-in and sign-up form asks for it. */
export function EmailField<T extends FieldValues>({ control, name, description }: AccountFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      label="Email"
      description={description}
      render={(field) => (
        <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...field} />
      )}
    />
  );
}

/** A password the person chooses now (a mailed link's or a reset's page). */
export function NewPasswordField<T extends FieldValues>({
  control,
  name,
  description,
}: AccountFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      label="New password"
      description={description}
      render={(field) => <Input type="password" autoComplete="new-password" {...field} />}
    />
  );
}
