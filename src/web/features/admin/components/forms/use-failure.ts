import { parseApiError } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { useCallback, useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * A dialog's or form's failure: said inside it (while a dialog is open, the page behind it and
 * its notices are hidden from screen readers) and in a notice.
 */
export function useFailure() {
  const [message, setMessage] = useState<string | null>(null);
  const clear = useCallback(() => setMessage(null), []);
  const show = useCallback((text: string) => {
    setMessage(text);
    toast({ variant: 'destructive', title: 'Error', description: text });
  }, []);
  return { message, clear, show };
}

/** The server's `fieldErrors` of a refused call, on the form's fields of those names. */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly FieldPath<T>[],
): void {
  for (const [key, messages] of Object.entries(parseApiError(error).fieldErrors ?? {})) {
    const field = fields.find((f) => f === key);
    if (field && messages[0]) setError(field, { message: messages[0] });
  }
}
