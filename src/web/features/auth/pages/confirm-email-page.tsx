import { PASSWORD_MIN_LENGTH, setPasswordSchema } from '@domain/auth/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormError } from '@web/components/form-error';
import { Button } from '@web/components/ui/button';
import { apiRequest } from '@web/lib/api-client';
import { errorMessage, parseApiError } from '@web/lib/error-message';
import { dashboardPathFor } from '@web/lib/navigation';
import { authKeys, useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { toast } from '@web/lib/use-toast';
import { CheckCircle2, Clock, MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { useSetPasswordFromLink } from '../api/set-password';
import { NewPasswordField } from '../components/account-fields';
import { AuthLayout } from '../components/auth-layout';

type Outcome = 'confirmed' | 'invalid' | 'expired' | 'unknown';

const SET_PASSWORD_FALLBACK = 'We could not set your password. Please try again.';

/** The token of a mailed link, carried in the fragment (never sent to a server); read once, then wiped from the address bar. */
function useLinkToken(): string | null {
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token'));
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${window.location.search}`,
      );
    }
  }, []);
  return token;
}

/**
 * A mailed confirm, claim or set-password link followed outside the registrant's own session:
 * whoever holds the mailbox chooses the account's password here, and signs in.
 */
function SetPasswordForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const setPassword = useSetPasswordFromLink();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<{ token: string; password: string }>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { token, password: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    setPassword.mutate(values, {
      onSuccess: (user) => {
        toast({
          title: 'Password set',
          description: 'Your email address is confirmed and you are signed in.',
        });
        navigate(dashboardPathFor(user.userType), { replace: true });
      },
      onError: (error) => {
        const message = parseApiError(error).fieldErrors?.password?.[0];
        if (message) form.setError('password', { message });
        setServerError(errorMessage(error, SET_PASSWORD_FALLBACK));
        form.setFocus('password');
      },
    });
  });

  return (
    <AuthLayout
      title="Set your password"
      description="Choose the password for your account. This also confirms your email address."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {serverError ? <FormError message={serverError} /> : null}
        <NewPasswordField
          control={form.control}
          name="password"
          description={
            <>
              At least {PASSWORD_MIN_LENGTH} characters. Any password set before is replaced, and every other
              device is signed out.
            </>
          }
        />
        <Button type="submit" size="lg" disabled={setPassword.isPending} className="w-full">
          {setPassword.isPending ? 'Saving...' : 'Set password and continue'}
        </Button>
      </form>
    </AuthLayout>
  );
}

const outcomes: Record<Outcome, { title: string; text: string }> = {
  confirmed: {
    title: 'Email confirmed',
    text: 'Thank you. Your email address is confirmed and your account is ready.',
  },
  expired: {
    title: 'This link has expired',
    text: 'Confirmation links are valid for a limited time. Sign in and ask for a new link to confirm your address.',
  },
  invalid: {
    title: 'This link is not valid',
    text: 'The confirmation link is incomplete or has already been used. Sign in and ask for a new link if your address is not confirmed yet.',
  },
  unknown: {
    title: 'Confirm your email',
    text: 'Open the link in the email we sent you to confirm your address.',
  },
};

function readOutcome(search: string): Outcome {
  const status = new URLSearchParams(search).get('status');
  return status === 'confirmed' || status === 'invalid' || status === 'expired' ? status : 'unknown';
}

/**
 * Where the mailed links land: /confirm-email?status=confirmed|invalid|expired, or
 * ?status=set-password#token=... when the follower must choose the account's password.
 */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm Email');
  const search = useSearch();
  const token = useLinkToken();
  if (new URLSearchParams(search).get('status') === 'set-password' && token) {
    return <SetPasswordForm token={token} />;
  }
  return <ConfirmEmailOutcome search={search} />;
}

function ConfirmEmailOutcome({ search }: { search: string }) {
  const outcome = readOutcome(search);
  const { user } = useAuth();
  const queryClient = useQueryClient();

  // A confirmed address changes the user (isVerified, and for company addresses the role).
  useEffect(() => {
    if (outcome === 'confirmed') void queryClient.invalidateQueries({ queryKey: authKeys.user() });
  }, [outcome, queryClient]);

  const resend = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/resend-confirmation'),
    onSuccess: () =>
      toast({ title: 'Confirmation email sent', description: 'Check your inbox for the new link.' }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not send the email', description: errorMessage(error) }),
  });

  const { title, text } = outcomes[outcome];
  const Icon = outcome === 'confirmed' ? CheckCircle2 : outcome === 'expired' ? Clock : MailWarning;
  const canResend = outcome !== 'confirmed' && user !== null && !user.isVerified;

  return (
    <AuthLayout title={title}>
      <div className="grid justify-items-center gap-5 text-center">
        <Icon
          aria-hidden="true"
          className={outcome === 'confirmed' ? 'size-12 text-success' : 'size-12 text-accent-foreground/70'}
        />
        <p className="text-muted-foreground">{text}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {canResend ? (
            <Button onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
              {resend.isPending ? 'Sending...' : resend.isSuccess ? 'Link sent' : 'Send a new link'}
            </Button>
          ) : null}
          {user ? (
            <Button variant={canResend ? 'outline' : 'default'} asChild>
              <Link href={dashboardPathFor(user.userType)}>Go to your dashboard</Link>
            </Button>
          ) : (
            <Button asChild>
              <Link href="/login">Sign in</Link>
            </Button>
          )}
          <Button variant="outline" asChild>
            <Link href="/">Home</Link>
          </Button>
        </div>
      </div>
    </AuthLayout>
  );
}
