import {
  type ConvertQuote,
  type ConvertQuoteInput,
  convertQuoteSchema,
} from '@domain/projects/convert-quote';
import { convertQuoteNotices } from '@domain/projects/convert-quote-notices';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { parseApiError } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useCreateProjectFromQuote } from '../api/create-project-from-quote';

const EMPTY = { email: '', quoteId: '', confirmationCode: '' };
type FieldName = keyof typeof EMPTY;

/**
 * The landing page's convert-quote-to-project form (spec 1 §2, §5, §8): email and quote ID are
 * required, the confirmation code is optional; cleared on success. Checked with the shared schema
 * on submit, then live as fields are fixed.
 */
export function ConvertQuoteForm({ className }: { className?: string }) {
  const id = useId();
  const [done, setDone] = useState<{ message: string; projectId: string } | null>(null);
  const createProject = useCreateProjectFromQuote();
  const pending = createProject.isPending;
  const form = useForm<ConvertQuoteInput, unknown, ConvertQuote>({
    resolver: zodResolver(convertQuoteSchema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    (values) => {
      if (pending) return;
      createProject.mutate(values, {
        onSuccess: (result) => {
          form.reset(EMPTY);
          if (result.created) {
            toast({ title: convertQuoteNotices.successTitle, description: convertQuoteNotices.success });
            setDone({ message: convertQuoteNotices.success, projectId: result.projectId });
          } else {
            toast({ title: convertQuoteNotices.existsTitle, description: result.message });
            setDone({ message: result.message, projectId: result.projectId });
          }
        },
        onError: (error) => {
          for (const [key, messages] of Object.entries(parseApiError(error).fieldErrors ?? {})) {
            if (key in EMPTY) form.setError(key as FieldName, { message: messages[0] });
          }
          toast({
            title: 'Error',
            description: serverMessage(error) ?? convertQuoteNotices.failureFallback,
            variant: 'destructive',
          });
        },
      });
    },
    () => {
      setDone(null);
      const { email, quoteId } = form.getValues();
      if (!email?.trim() || !quoteId?.trim())
        toast({ title: convertQuoteNotices.missing, variant: 'destructive' });
    },
  );

  const fid = (f: FieldName) => `${id}-${f}`;
  const input = (f: FieldName) => ({
    ...form.register(f, { onChange: () => setDone(null) }),
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={cn('grid gap-4', className)}
      aria-label="Convert quote to project"
    >
      <Field id={fid('email')} label="Email" required error={errors.email?.message}>
        <Input
          {...input('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="The email you ordered the quote with"
          aria-required
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fid('quoteId')} label="Quote ID" required error={errors.quoteId?.message}>
          <Input {...input('quoteId')} autoComplete="off" placeholder="RL-7K3M9Q2X" aria-required />
        </Field>
        <Field
          id={fid('confirmationCode')}
          label="Confirmation code (optional)"
          error={errors.confirmationCode?.message}
        >
          <Input
            {...input('confirmationCode')}
            autoComplete="off"
            placeholder="From your confirmation email"
          />
        </Field>
      </div>
      <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto sm:justify-self-start">
        {pending ? 'Creating Project...' : 'Create Project'}
      </Button>
      {done ? (
        <p role="status" className="flex items-start gap-2 text-sm text-muted-foreground">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            {done.message}{' '}
            <Link
              href={convertQuoteNotices.projectLink(done.projectId)}
              className="font-semibold text-primary underline-offset-4 hover:underline"
            >
              {convertQuoteNotices.openProject}
            </Link>
          </span>
        </p>
      ) : null}
    </form>
  );
}
