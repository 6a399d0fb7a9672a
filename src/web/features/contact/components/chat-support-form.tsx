import {
  type ChatContact,
  type ChatContactInput,
  chatContactMissing,
  chatContactSchema,
  contactFailureFallback,
  contactNotices,
} from '@domain/contact/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { parseApiError } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { useAuth } from '@web/lib/use-auth';
import { usePublicConfig } from '@web/lib/use-public-config';
import { toast } from '@web/lib/use-toast';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSendChatMessage } from '../api/send-chat-message';

type Values = Omit<ChatContactInput, 'projectId'>;
type FieldName = 'name' | 'email' | 'subject' | 'message';

export interface ChatSupportFormProps {
  /** The project the page is about; sent with the message and shown as 'Project ID'. */
  projectId?: string;
  /** Prefill values; default to the signed-in user's name and e-mail. */
  prefillName?: string;
  prefillEmail?: string;
}

/**
 * Priority chat support (spec 1 §3, §4, §5, §8): replies within 5-10 minutes in business hours.
 * Checked with the shared schema on submit, then live as fields are fixed.
 */
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
  const [sent, setSent] = useState(false);
  const send = useSendChatMessage();
  const form = useForm<Values, unknown, Omit<ChatContact, 'projectId'>>({
    resolver: zodResolver(chatContactSchema.omit({ projectId: true })),
    defaultValues: { ...prefill, subject: '', message: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  // the signed-in user may load after the first render: fill what is still empty
  useEffect(() => {
    const { name, email } = form.getValues();
    if (!name && prefill.name) form.setValue('name', prefill.name);
    if (!email && prefill.email) form.setValue('email', prefill.email);
  }, [prefill, form]);

  const onSubmit = form.handleSubmit(
    (values) => {
      if (send.isPending) return;
      send.mutate(
        { ...values, projectId },
        {
          onSuccess: () => {
            form.reset({ ...prefill, subject: '', message: '' });
            setSent(true);
            toast({ title: contactNotices.successTitle, description: contactNotices.chatSuccess });
          },
          onError: (error) => {
            for (const [key, messages] of Object.entries(parseApiError(error).fieldErrors ?? {})) {
              if (key === 'name' || key === 'email' || key === 'subject' || key === 'message')
                form.setError(key, { message: messages[0] });
            }
            toast({
              title: contactNotices.chatFailureTitle,
              description: serverMessage(error) ?? contactFailureFallback(supportEmail),
              variant: 'destructive',
            });
          },
        },
      );
    },
    () => {
      setSent(false);
      const { name, email, message } = form.getValues();
      if (chatContactMissing({ name: name ?? '', email: email ?? '', message: message ?? '' })) {
        toast({
          title: contactNotices.chatMissingTitle,
          description: contactNotices.chatMissing,
          variant: 'destructive',
        });
      }
    },
  );

  const fid = (f: FieldName) => `${id}-${f}`;
  const input = (f: FieldName) => ({
    ...form.register(f, { onChange: () => setSent(false) }),
  });
  const sending = send.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Priority chat support">
      {projectId ? (
        <p className="rounded-md bg-secondary px-3 py-2 text-sm">
          <span className="font-medium">Project ID:</span> <span className="font-mono">{projectId}</span>
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fid('name')} label="Name" required error={errors.name?.message}>
          <Input {...input('name')} autoComplete="name" />
        </Field>
        <Field id={fid('email')} label="Email" required error={errors.email?.message}>
          <Input {...input('email')} type="email" inputMode="email" autoComplete="email" />
        </Field>
      </div>
      <Field id={fid('subject')} label="Subject (optional)" error={errors.subject?.message}>
        <Input {...input('subject')} />
      </Field>
      <Field id={fid('message')} label="Message" required error={errors.message?.message}>
        <Textarea {...input('message')} rows={5} placeholder="How can we help?" />
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
