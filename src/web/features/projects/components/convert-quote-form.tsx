import { convertQuoteNotices } from '@domain/projects/convert-quote-notices';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { parseApiError } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { CheckCircle2 } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useCreateProjectFromQuote } from '../api/create-project-from-quote';

const EMPTY = { email: '', quoteId: '', confirmationCode: '' };

/**
 * The landing page's convert-quote-to-project form (spec 1 §2, §5, §8): email and quote ID are
 * required, the confirmation code is optional; cleared on success.
 */
export function ConvertQuoteForm({ className }: { className?: string }) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [invalid, setInvalid] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const [done, setDone] = useState<string | null>(null);
  const createProject = useCreateProjectFromQuote();
  const pending = createProject.isPending;

  function set(field: keyof typeof EMPTY, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setInvalid((e) => ({ ...e, [field]: undefined }));
    setDone(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const missing = {
      email: values.email.trim() ? undefined : 'Email is required',
      quoteId: values.quoteId.trim() ? undefined : 'Quote ID is required',
    };
    if (missing.email || missing.quoteId) {
      setInvalid(missing);
      toast({ title: convertQuoteNotices.missing, variant: 'destructive' });
      document.getElementById(`${id}-${missing.email ? 'email' : 'quoteId'}`)?.focus();
      return;
    }
    createProject.mutate(
      {
        email: values.email.trim(),
        quoteId: values.quoteId.trim(),
        confirmationCode: values.confirmationCode.trim() || undefined,
      },
      {
        onSuccess: (result) => {
          setValues(EMPTY);
          setInvalid({});
          if (result.created) {
            toast({ title: convertQuoteNotices.successTitle, description: convertQuoteNotices.success });
            setDone(convertQuoteNotices.success);
          } else {
            toast({ title: convertQuoteNotices.existsTitle, description: result.message });
            setDone(result.message);
          }
        },
        onError: (error) => {
          const parsed = parseApiError(error);
          const fields = parsed.fieldErrors ?? {};
          setInvalid({
            email: fields.email?.[0],
            quoteId: fields.quoteId?.[0],
            confirmationCode: fields.confirmationCode?.[0],
          });
          toast({
            title: 'Error',
            description: serverMessage(error) ?? convertQuoteNotices.failureFallback,
            variant: 'destructive',
          });
        },
      },
    );
  }

  const field = (name: keyof typeof EMPTY) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.value),
    'aria-invalid': invalid[name] ? true : undefined,
    'aria-describedby': invalid[name] ? `${id}-${name}-error` : undefined,
  });

  const error = (name: keyof typeof EMPTY) =>
    invalid[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm font-medium text-destructive">
        {invalid[name]}
      </p>
    ) : null;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={cn('grid gap-4', className)}
      aria-label="Convert quote to project"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>
          Email <span aria-hidden="true">*</span>
        </Label>
        <Input
          {...field('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="The email you ordered the quote with"
          required
        />
        {error('email')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-quoteId`}>
            Quote ID <span aria-hidden="true">*</span>
          </Label>
          <Input {...field('quoteId')} autoComplete="off" placeholder="RL-7K3M9Q2X" required />
          {error('quoteId')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-confirmationCode`}>Confirmation code (optional)</Label>
          <Input
            {...field('confirmationCode')}
            autoComplete="off"
            placeholder="From your confirmation email"
          />
          {error('confirmationCode')}
        </div>
      </div>
      <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto sm:justify-self-start">
        {pending ? 'Creating Project...' : 'Create Project'}
      </Button>
      {done ? (
        <p role="status" className="flex items-start gap-2 text-sm text-muted-foreground">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {done}
        </p>
      ) : null}
    </form>
  );
}
