import { bankChangeMessages } from '@domain/contractors/bank-changes';
import { onboardingMessages } from '@domain/contractors/onboarding-fields';
import { type PasswordSetup, passwordSetupSchema } from '@domain/contractors/profile-wizard';
import { Field } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { schemaResolver } from '@web/lib/schema-resolver';
import { toast } from '@web/lib/use-toast';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSetupPassword } from '../api/setup-steps';
import { failureWithMessage, serverFieldErrors } from '../lib/notices';
import { StepCard } from './step-card';

interface PasswordFormValues {
  password: string;
  confirmPassword: string;
  currentPassword: string;
}

/**
 * Step 1, Set Password (spec 2 §2, §5): the account's password for signing in as a contractor.
 * Once the payment setup is complete (`requireCurrent`), the current password is asked for too.
 */
export function PasswordStep({
  email,
  onDone,
  requireCurrent = false,
}: {
  email: string;
  onDone: () => void;
  requireCurrent?: boolean;
}) {
  const id = useId();
  const save = useSetupPassword();
  const form = useForm<PasswordFormValues, unknown, PasswordSetup>({
    resolver: schemaResolver(passwordSetupSchema),
    defaultValues: { password: '', confirmPassword: '', currentPassword: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending) return;
    if (requireCurrent && !values.currentPassword) {
      form.setError('currentPassword', { message: bankChangeMessages.passwordChangeNeedsCurrent });
      return;
    }
    save.mutate(requireCurrent ? values : { ...values, currentPassword: undefined }, {
      onSuccess: () => {
        toast({ title: onboardingMessages.passwordSet, description: 'Next: your license information.' });
        form.reset();
        onDone();
      },
      onError: (error) => {
        for (const [key, message] of Object.entries(serverFieldErrors(error))) {
          if (key === 'password' || key === 'confirmPassword' || key === 'currentPassword')
            form.setError(key, { message });
        }
        failureWithMessage(onboardingMessages.passwordFailed, error);
      },
    });
  });

  return (
    <StepCard
      title="Set Password"
      description={`Choose the password you will sign in with as ${email}. It replaces your current password and signs you out on your other devices.`}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Set Password">
        {/* lets a password manager file the new password under the right account */}
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        {requireCurrent ? (
          <Field
            id={`${id}-currentPassword`}
            label="Current Password"
            required
            error={errors.currentPassword?.message}
            description="Your payment setup is complete: confirm that you are changing your password."
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
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${id}-password`}
            label="Password"
            required
            error={errors.password?.message}
            description="At least 8 characters."
          >
            <Input {...form.register('password')} type="password" autoComplete="new-password" required />
          </Field>
          <Field
            id={`${id}-confirmPassword`}
            label="Confirm Password"
            required
            error={errors.confirmPassword?.message}
          >
            <Input
              {...form.register('confirmPassword')}
              type="password"
              autoComplete="new-password"
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
