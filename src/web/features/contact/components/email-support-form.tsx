import {
  contactFailureFallback,
  contactNotices,
  emailContactMissing,
  emailContactSchema,
} from '@domain/contact/schemas';
import { Field, fieldAria } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { parseApiError } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { usePublicConfig } from '@web/lib/use-public-config';
import { toast } from '@web/lib/use-toast';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSendEmailMessage } from '../api/send-email-message';

const EMPTY = { firstName: '', lastName: '', email: '', phone: '', subject: '', message: '' };
type Values = typeof EMPTY;
type Errors = Partial<Record<keyof Values, string>>;
const ORDER: (keyof Values)[] = ['firstName', 'lastName', 'email', 'phone', 'subject', 'message'];
const REQUIRED_TEXT: Partial<Record<keyof Values, string>> = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Email is required',
  subject: 'Subject is required',
  message: 'Message is required',
};

/** Email support (spec 1 §3, §4, §5, §8): replies within 24 hours; everything but the phone is required. */
export function EmailSupportForm() {
  const id = useId();
  const { supportEmail } = usePublicConfig();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<string | null>(null);
  const send = useSendEmailMessage();
  const sending = send.isPending;
  const formRef = useRef<HTMLFormElement>(null);

  function set(field: keyof Values, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setSent(null);
  }

  function showErrors(errs: Errors) {
    setErrors(errs);
    const first = ORDER.find((f) => errs[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (emailContactMissing(values)) {
      const errs: Errors = {};
      for (const [field, text] of Object.entries(REQUIRED_TEXT) as [keyof Values, string][]) {
        if (!values[field].trim()) errs[field] = text;
      }
      showErrors(errs);
      toast({
        title: contactNotices.emailMissingTitle,
        description: contactNotices.emailMissing,
        variant: 'destructive',
      });
      return;
    }
    const parsed = emailContactSchema.safeParse(values);
    if (!parsed.success) {
      const errs: Errors = {};
      for (const issue of parsed.error.issues) errs[issue.path[0] as keyof Values] ??= issue.message;
      showErrors(errs);
      return;
    }
    send.mutate(values, {
      onSuccess: (answer) => {
        const message = answer?.message || contactNotices.emailSuccess;
        setValues(EMPTY);
        setErrors({});
        setSent(message);
        toast({ title: contactNotices.successTitle, description: message });
      },
      onError: (error) => {
        const parsedError = parseApiError(error);
        const errs: Errors = {};
        for (const [key, messages] of Object.entries(parsedError.fieldErrors ?? {})) {
          if (key in EMPTY) errs[key as keyof Values] = messages[0];
        }
        setErrors(errs);
        toast({
          title: contactNotices.emailFailureTitle,
          description: serverMessage(error) ?? contactFailureFallback(supportEmail),
          variant: 'destructive',
        });
      },
    });
  }

  const fid = (f: keyof Values) => `${id}-${f}`;
  const input = (f: keyof Values) => ({
    ...fieldAria(fid(f), errors[f]),
    value: values[f],
    onChange: (e: { target: { value: string } }) => set(f, e.target.value),
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Email support">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fid('firstName')} label="First Name" required error={errors.firstName}>
          <Input {...input('firstName')} autoComplete="given-name" />
        </Field>
        <Field id={fid('lastName')} label="Last Name" required error={errors.lastName}>
          <Input {...input('lastName')} autoComplete="family-name" />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fid('email')} label="Email" required error={errors.email}>
          <Input {...input('email')} type="email" inputMode="email" autoComplete="email" />
        </Field>
        <Field id={fid('phone')} label="Phone (optional)" error={errors.phone}>
          <Input {...input('phone')} type="tel" inputMode="tel" autoComplete="tel" />
        </Field>
      </div>
      <Field id={fid('subject')} label="Subject" required error={errors.subject}>
        <Input {...input('subject')} />
      </Field>
      <Field id={fid('message')} label="Message" required error={errors.message}>
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
