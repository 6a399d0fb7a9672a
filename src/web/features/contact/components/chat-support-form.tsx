import { chatContactSchema, contactFailureFallback, contactNotices } from '@domain/contact/schemas';
import { Field, fieldAria } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { parseApiError } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { useAuth } from '@web/lib/use-auth';
import { usePublicConfig } from '@web/lib/use-public-config';
import { toast } from '@web/lib/use-toast';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSendChatMessage } from '../api/send-chat-message';

type Values = { name: string; email: string; subject: string; message: string };
type Errors = Partial<Record<keyof Values, string>>;

export interface ChatSupportFormProps {
  /** The project the page is about; sent with the message and shown as 'Project ID'. */
  projectId?: string;
  /** Prefill values; default to the signed-in user's name and e-mail. */
  prefillName?: string;
  prefillEmail?: string;
}

/** Priority chat support (spec 1 §3, §4, §5, §8): replies within 5-10 minutes in business hours. */
export function ChatSupportForm({ projectId, prefillName, prefillEmail }: ChatSupportFormProps) {
  const id = useId();
  const { user } = useAuth();
  const { supportEmail } = usePublicConfig();
  const prefill = useMemo(
    () => ({
      name: prefillName ?? ([user?.firstName, user?.lastName].filter(Boolean).join(' ') || ''),
      email: prefillEmail ?? user?.email ?? '',
    }),
    [prefillName, prefillEmail, user],
  );
  const [values, setValues] = useState<Values>({ ...prefill, subject: '', message: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const send = useSendChatMessage();
  const sending = send.isPending;
  const formRef = useRef<HTMLFormElement>(null);

  // the signed-in user may load after the first render: fill what is still empty
  useEffect(() => {
    setValues((v) => ({ ...v, name: v.name || prefill.name, email: v.email || prefill.email }));
  }, [prefill]);

  function set(field: keyof Values, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setSent(false);
  }

  function focusFirst(errs: Errors) {
    const first = (['name', 'email', 'subject', 'message'] as const).find((f) => errs[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!values.name.trim() || !values.email.trim() || !values.message.trim()) {
      const errs: Errors = {
        name: values.name.trim() ? undefined : 'Name is required',
        email: values.email.trim() ? undefined : 'Email is required',
        message: values.message.trim() ? undefined : 'Message is required',
      };
      setErrors(errs);
      focusFirst(errs);
      toast({
        title: contactNotices.chatMissingTitle,
        description: contactNotices.chatMissing,
        variant: 'destructive',
      });
      return;
    }
    const payload = { ...values, projectId };
    const parsed = chatContactSchema.safeParse(payload);
    if (!parsed.success) {
      const errs: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values;
        errs[key] ??= issue.message;
      }
      setErrors(errs);
      focusFirst(errs);
      return;
    }
    send.mutate(payload, {
      onSuccess: () => {
        setValues({ ...prefill, subject: '', message: '' });
        setErrors({});
        setSent(true);
        toast({ title: contactNotices.successTitle, description: contactNotices.chatSuccess });
      },
      onError: (error) => {
        const parsedError = parseApiError(error);
        const errs: Errors = {};
        for (const [key, messages] of Object.entries(parsedError.fieldErrors ?? {})) {
          if (key in values) errs[key as keyof Values] = messages[0];
        }
        setErrors(errs);
        toast({
          title: contactNotices.chatFailureTitle,
          description: serverMessage(error) ?? contactFailureFallback(supportEmail),
          variant: 'destructive',
        });
      },
    });
  }

  const fid = (f: keyof Values) => `${id}-${f}`;
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label="Priority chat support"
    >
      {projectId ? (
        <p className="rounded-md bg-secondary px-3 py-2 text-sm">
          <span className="font-medium">Project ID:</span> <span className="font-mono">{projectId}</span>
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fid('name')} label="Name" required error={errors.name}>
          <Input
            {...fieldAria(fid('name'), errors.name)}
            autoComplete="name"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </Field>
        <Field id={fid('email')} label="Email" required error={errors.email}>
          <Input
            {...fieldAria(fid('email'), errors.email)}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </Field>
      </div>
      <Field id={fid('subject')} label="Subject (optional)" error={errors.subject}>
        <Input
          {...fieldAria(fid('subject'), errors.subject)}
          value={values.subject}
          onChange={(e) => set('subject', e.target.value)}
        />
      </Field>
      <Field id={fid('message')} label="Message" required error={errors.message}>
        <Textarea
          {...fieldAria(fid('message'), errors.message)}
          rows={5}
          placeholder="How can we help?"
          value={values.message}
          onChange={(e) => set('message', e.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto sm:justify-self-start">
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
      {sent ? (
        <p role="status" className="flex items-start gap-2 text-sm text-muted-foreground">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          Message sent. {contactNotices.chatSuccess}
        </p>
      ) : null}
    </form>
  );
}
