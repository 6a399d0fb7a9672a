import { LINK_TTL_HOURS, type RegisterInput, registerSchema } from '@domain/auth/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormField } from '@web/components/field';
import { FormError } from '@web/components/form-error';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage, parseApiError } from '@web/lib/error-message';
import { useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { usePublicConfig } from '@web/lib/use-public-config';
import { toast } from '@web/lib/use-toast';
import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useRegister } from '../api/register';
import { EmailField } from '../components/account-fields';
import { AuthLayout } from '../components/auth-layout';
import { useAfterSignIn, withReturnTo } from '../components/use-after-sign-in';

const REGISTER_FALLBACK = 'We could not create your account. Please try again.';
const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

function isField(name: string): name is (typeof FIELDS)[number] {
  return (FIELDS as readonly string[]).includes(name);
}

export function RegisterPage() {
  useDocumentTitle('Create Account');
  const { brandName } = usePublicConfig();
  const { user, isLoading } = useAuth();
  const { returnTo, goAfterSignIn } = useAfterSignIn();
  const registerAccount = useRegister();
  const [serverError, setServerError] = useState<string | null>(null);
  const [claimSent, setClaimSent] = useState<string | null>(null);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });

  useEffect(() => {
    if (!isLoading && user) goAfterSignIn(user.userType);
  }, [isLoading, user, goAfterSignIn]);

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    registerAccount.mutate(values, {
      onSuccess: (answer) => {
        if (answer.kind === 'claim_sent') {
          setClaimSent(answer.message);
          return;
        }
        toast({
          title: 'Account created',
          description: `We sent a link to ${answer.user.email}. Open it to confirm your email address.`,
        });
      },
      onError: (error) => {
        const parsed = parseApiError(error);
        let focused = false;
        for (const [field, messages] of Object.entries(parsed.fieldErrors ?? {})) {
          if (!isField(field)) continue;
          form.setError(field, { message: messages[0] });
          if (!focused) {
            form.setFocus(field);
            focused = true;
          }
        }
        setServerError(errorMessage(error, REGISTER_FALLBACK));
      },
    });
  });

  if (isLoading || user) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading..." />
      </div>
    );
  }

  const pending = registerAccount.isPending;
  if (claimSent) {
    return (
      <AuthLayout
        title="Check your email"
        description="You're almost done."
        footer={
          <p className="text-muted-foreground">
            Wrong address?{' '}
            <button
              type="button"
              onClick={() => setClaimSent(null)}
              className="font-semibold text-primary hover:underline"
            >
              Start over
            </button>
          </p>
        }
      >
        <div role="status" className="grid justify-items-center gap-3 text-center">
          <MailCheck aria-hidden="true" className="size-10 text-primary" />
          <p className="font-medium">{claimSent}</p>
          <p className="text-sm text-muted-foreground">
            Open the link in the email to set your password and go to your dashboard. The link works for{' '}
            {LINK_TTL_HOURS} hours. No email? Check your spam folder, or make sure the address is right.
          </p>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Create your account"
      description={`Follow your roofing projects and talk with your contractor on ${brandName}.`}
      footer={
        <p className="text-muted-foreground">
          Already have an account?{' '}
          <Link
            href={withReturnTo('/login', returnTo)}
            className="font-semibold text-primary hover:underline"
          >
            Sign in
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {serverError ? <FormError message={serverError} /> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="firstName"
            label="First name"
            render={(field) => <Input autoComplete="given-name" {...field} />}
          />
          <FormField
            control={form.control}
            name="lastName"
            label="Last name"
            render={(field) => <Input autoComplete="family-name" {...field} />}
          />
        </div>
        <EmailField control={form.control} name="email" />
        <FormField
          control={form.control}
          name="password"
          label="Password"
          description="At least 8 characters."
          render={(field) => <Input type="password" autoComplete="new-password" {...field} />}
        />
        <Button type="submit" size="lg" disabled={pending} className="w-full">
          {pending ? 'Creating account...' : 'Create account'}
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          By creating an account you agree to our{' '}
          <Link href="/terms" className="underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link href="/privacy" className="underline">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthLayout>
  );
}
