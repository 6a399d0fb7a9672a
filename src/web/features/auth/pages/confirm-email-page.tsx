import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { apiRequest } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { dashboardPathFor } from '@web/lib/navigation';
import { AUTH_USER_QUERY_KEY, useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { toast } from '@web/lib/use-toast';
import { CheckCircle2, Clock, MailWarning } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { AuthLayout } from '../components/auth-layout';

type Outcome = 'confirmed' | 'invalid' | 'expired' | 'unknown';

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

/** Where the mailed confirmation link lands: /confirm-email?status=confirmed|invalid|expired. */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm Email');
  const outcome = readOutcome(useSearch());
  const { user } = useAuth();
  const queryClient = useQueryClient();

  // A confirmed address changes the user (isVerified, and for company addresses the role).
  useEffect(() => {
    if (outcome === 'confirmed') void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
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
