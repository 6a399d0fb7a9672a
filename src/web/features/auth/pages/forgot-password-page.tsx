import { type ForgotPasswordInput, forgotPasswordSchema, resetLinkMessages } from '@domain/auth/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormError } from '@web/components/form-error';
import { Button } from '@web/components/ui/button';
import { errorMessage, parseApiError } from '@web/lib/error-message';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useRequestPasswordReset } from '../api/password-reset';
import { EmailField } from '../components/account-fields';
import { AuthLayout } from '../components/auth-layout';

const FALLBACK = 'We could not send the link. Please try again.';

/** The form that asks for the address a "Forgot password?" link goes to (also shown by /reset-password). */
export function ForgotPasswordForm({ notice }: { notice?: string }) {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    request.mutate(values, {
      onSuccess: (answer) => setSent(answer.message),
      onError: (error) => {
        const message = parseApiError(error).fieldErrors?.email?.[0];
        if (message) form.setError('email', { message });
        setServerError(errorMessage(error, FALLBACK));
        form.setFocus('email');
      },
    });
  });

  if (sent) {
    return (
      <div className="grid justify-items-center gap-5 text-center" role="status">
        <MailCheck aria-hidden="true" className="size-12 text-success" />
        <p className="text-muted-foreground">{sent}</p>
        <p className="text-sm text-muted-foreground">
          No mail after a few minutes? Check your spam folder, or{' '}
          <button
            type="button"
            className="font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => {
              setSent(null);
              request.reset();
            }}
          >
            ask again
          </button>
          .
        </p>
        <Button asChild>
          <Link href="/login">Back to sign in</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {notice ? <FormError message={notice} /> : null}
      {serverError ? <FormError message={serverError} /> : null}
      <EmailField
        control={form.control}
        name="email"
        description={
          <>
            The address of your account. We mail it a link to set a new password. {resetLinkMessages.lifetime}
          </>
        }
      />
      <Button type="submit" size="lg" disabled={request.isPending} className="w-full">
        {request.isPending ? 'Sending...' : 'Send me a link'}
      </Button>
    </form>
  );
}

/** /forgot-password: "Forgot password?" from the sign-in page. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your email address and we will send you a link to choose a new password."
      footer={
        <p className="text-muted-foreground">
          Remembered it?{' '}
          <Link href="/login" className="font-semibold text-primary hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
