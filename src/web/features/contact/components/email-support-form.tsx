import {
  contactFailureFallback,
  contactNotices,
  type EmailContact,
  type EmailContactInput,
  emailContactMissing,
  emailContactSchema,
} from '@domain/contact/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { parseApiError } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { usePublicConfig } from '@web/lib/use-public-config';
import { toast } from '@web/lib/use-toast';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSendEmailMessage } from '../api/send-email-message';

type Values = EmailContactInput;
const EMPTY: Required<{ [K in keyof Values]: string }> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
};

/**
 * Email support (spec 1 §3, §4, §5, §8): replies within 24 hours; everything but the phone is
 * required. Checked with the shared schema on submit, then live as fields are fixed.
 */
export function EmailSupportForm() {
  const id = useId();
  const { supportEmail } = usePublicConfig();
  const [sent, setSent] = useState<string | null>(null);
  const send = useSendEmailMessage();
  const form = useForm<Values, unknown, EmailContact>({
    resolver: zodResolver(emailContactSchema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    (values) => {
      if (send.isPending) return;
      send.mutate(values, {
        onSuccess: (answer) => {
          const message = answer?.message || contactNotices.emailSuccess;
          form.reset(EMPTY);
          setSent(message);
          toast({ title: contactNotices.successTitle, description: message });
        },
        onError: (error) => {
          for (const [key, messages] of Object.entries(parseApiError(error).fieldErrors ?? {})) {
            if (key in EMPTY) form.setError(key as keyof Values, { message: messages[0] });
          }
          toast({
            title: contactNotices.emailFailureTitle,
            description: serverMessage(error) ?? contactFailureFallback(supportEmail),
            variant: 'destructive',
          });
        },
      });
    },
    () => {
      setSent(null);
      if (emailContactMissing(form.getValues())) {
        toast({
          title: contactNotices.emailMissingTitle,
          description: contactNotices.emailMissing,
          variant: 'destructive',
        });
      }
    },
  );

  const fid = (f: keyof Values) => `${id}-${f}`;
  const input = (f: keyof Values) => ({
    ...form.register(f, { onChange: () => setSent(null) }),
  });
  const sending = send.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Email support">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fid('firstName')} label="First Name" required error={errors.firstName?.message}>
          <Input {...input('firstName')} autoComplete="given-name" />
        </Field>
        <Field id={fid('lastName')} label="Last Name" required error={errors.lastName?.message}>
          <Input {...input('lastName')} autoComplete="family-name" />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fid('email')} label="Email" required error={errors.email?.message}>
          <Input {...input('email')} type="email" inputMode="email" autoComplete="email" />
        </Field>
        <Field id={fid('phone')} label="Phone (optional)" error={errors.phone?.message}>
          <Input {...input('phone')} type="tel" inputMode="tel" autoComplete="tel" />
        </Field>
      </div>
      <Field id={fid('subject')} label="Subject" required error={errors.subject?.message}>
        <Input {...input('subject')} />
      </Field>
      <Field id={fid('message')} label="Message" required error={errors.message?.message}>
        <Textarea {...input('message')} rows={5} placeholder="Tell us about your question or project" />
      </Field>
      <p className="text-xs text-muted-foreground">
        Fields marked with <span className="text-destructive">*</span> are required.
      </p>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto sm:justify-self-start">
        {sending ? 'Sending...' : 'Send Email'}
      </Button>
      {sent ? (
        <p role="status" className="flex items-start gap-2 text-sm text-muted-foreground">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {sent}
        </p>
      ) : null}
    </form>
  );
}
