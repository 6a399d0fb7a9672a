import { PASSWORD_MIN_LENGTH, type ResetPasswordInput, resetPasswordSchema } from '@domain/auth/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormError } from '@web/components/form-error';
import { Button } from '@web/components/ui/button';
import { errorMessage, parseApiError } from '@web/lib/error-message';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useResetPassword } from '../api/password-reset';
import { NewPasswordField } from '../components/account-fields';
import { AuthLayout } from '../components/auth-layout';
import { ForgotPasswordForm } from './forgot-password-page';

const FALLBACK = 'We could not set your new password. Please try again.';

/** The token of the mailed link, carried in the fragment (never sent to a server); read once, then wiped from the address bar. */
function useLinkToken(): string | null {
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token'));
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, []);
  return token;
}

/**
 * /reset-password#token=...: where the mailed "Forgot password?" link lands. The new password ends
 * every session of the account; the person then signs in with it. A link that no longer works
 * offers to send a new one.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Set a New Password');
  const token = useLinkToken();
  const reset = useResetPassword();
  const [linkError, setLinkError] = useState<string | null>(
    token ? null : 'This page opens from the link we mail you. Ask for a link below.',
  );
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token: token ?? '', password: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    reset.mutate(values, {
      onError: (error) => {
        const parsed = parseApiError(error);
        const passwordMessage = parsed.fieldErrors?.password?.[0];
        if (passwordMessage) {
          form.setError('password', { message: passwordMessage });
          setServerError(errorMessage(error, FALLBACK));
          form.setFocus('password');
          return;
        }
        // the link itself is refused (used, replaced or expired): offer a new one
        if (parsed.status === 400)
          setLinkError(parsed.fieldErrors?.token?.[0] ?? errorMessage(error, FALLBACK));
        else setServerError(errorMessage(error, FALLBACK));
      },
    });
  });

  if (reset.isSuccess) {
    return (
      <AuthLayout title="Password changed">
        <div className="grid justify-items-center gap-5 text-center" role="status">
          <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
          <p className="text-muted-foreground">{reset.data.message}</p>
          <Button asChild>
            <Link href="/login">Sign in</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  if (linkError) {
    return (
      <AuthLayout title="Ask for a new link" description="Enter your email address to get a new link.">
        <ForgotPasswordForm notice={linkError} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Set a new password" description="Choose the new password for your account.">
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {serverError ? <FormError message={serverError} /> : null}
        <NewPasswordField
          control={form.control}
          name="password"
          description={
            <>
              At least {PASSWORD_MIN_LENGTH} characters. Every device signed in to your account is signed out,
              this one too.
            </>
          }
        />
        <Button type="submit" size="lg" disabled={reset.isPending} className="w-full">
          {reset.isPending ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
