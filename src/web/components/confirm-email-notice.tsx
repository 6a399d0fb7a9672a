import type { PublicUser } from '@domain/auth/schemas';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { apiRequest } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { MailCheck } from 'lucide-react';

/** Reminds a signed-in user to confirm their address, with a way to get a new link. */
export function ConfirmEmailNotice({ user }: { user: PublicUser }) {
  const resend = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/resend-confirmation'),
    onSuccess: () =>
      toast({ title: 'Confirmation email sent', description: `We sent a new link to ${user.email}.` }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not send the email', description: errorMessage(error) }),
  });
  if (user.isVerified) return null;
  return (
    <Alert className="flex flex-col gap-3 border-accent/50 bg-accent/10 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-foreground" />
        <p>
          Please confirm your email address. We sent a link to{' '}
          <span className="font-semibold break-all">{user.email}</span>.
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
      >
        {resend.isPending ? 'Sending...' : resend.isSuccess ? 'Link sent' : 'Resend link'}
      </Button>
    </Alert>
  );
}
