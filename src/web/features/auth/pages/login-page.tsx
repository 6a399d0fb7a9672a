import { type LoginInput, loginSchema } from '@domain/auth/schemas';
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
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useLogin } from '../api/login';
import { EmailField } from '../components/account-fields';
import { AuthLayout } from '../components/auth-layout';
import { useAfterSignIn, withReturnTo } from '../components/use-after-sign-in';

const SIGN_IN_FALLBACK = 'Sign in failed. Please try again.';

export function LoginPage() {
  useDocumentTitle('Sign In');
  const { brandName } = usePublicConfig();
  const { user, isLoading } = useAuth();
  const { returnTo, goAfterSignIn } = useAfterSignIn();
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  // Signed in (just now, or already when the page opened): continue where the visitor was going.
  useEffect(() => {
    if (!isLoading && user) goAfterSignIn(user.userType);
  }, [isLoading, user, goAfterSignIn]);

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    login.mutate(values, {
      onError: (error) => {
        const parsed = parseApiError(error);
        if (parsed.fieldErrors) {
          for (const [field, messages] of Object.entries(parsed.fieldErrors)) {
            if (field === 'email' || field === 'password') form.setError(field, { message: messages[0] });
          }
        }
        setServerError(errorMessage(error, SIGN_IN_FALLBACK));
        form.setFocus('password');
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

  const pending = login.isPending;
  return (
    <AuthLayout
      title="Sign in"
      description={`Welcome back to ${brandName}. Sign in to follow your projects.`}
      footer={
        <p className="text-muted-foreground">
          New to {brandName}?{' '}
          <Link
            href={withReturnTo('/register', returnTo)}
            className="font-semibold text-primary hover:underline"
          >
            Create an account
          </Link>
        </p>
      }
    >
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-5"
        aria-describedby={serverError ? 'login-error' : undefined}
      >
        {serverError ? <FormError message={serverError} id="login-error" /> : null}
        <EmailField control={form.control} name="email" />
        <div className="grid gap-2">
          <FormField
            control={form.control}
            name="password"
            label="Password"
            render={(field) => <Input type="password" autoComplete="current-password" {...field} />}
          />
          <p className="text-right text-sm">
            <Link href="/forgot-password" className="font-medium text-primary hover:underline">
              Forgot password?
            </Link>
          </p>
        </div>
        <Button type="submit" size="lg" disabled={pending} className="w-full">
          {pending ? 'Signing in...' : 'Sign in'}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Only ordering a quote?{' '}
          <Link href="/quote" className="font-medium text-primary hover:underline">
            No account needed
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
