import { errorMessage, parseApiError } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';

/** 'Failed to set password: {message}' with the server's sentence in place. */
export function fillMessage(template: string, message: string): string {
  return template.replace('{message}', message);
}

/** Spec 2 §8: every failed call shows a destructive toast titled 'Error'. */
export function failureToast(description: string): void {
  toast({ variant: 'destructive', title: 'Error', description });
}

/** A failure whose text is '...: {message}' (application, password, licences, insurance). */
export function failureWithMessage(template: string, error: unknown): void {
  failureToast(fillMessage(template, errorMessage(error)));
}

/** A failure whose text is the server message, else the spec's fallback (banking, tax). */
export function failureOrFallback(fallback: string, error: unknown): void {
  failureToast(serverMessage(error) ?? fallback);
}

/** The server's field messages, keyed by field path ('generalLiability.carrier'). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(parseApiError(error).fieldErrors ?? {})) {
    if (messages[0]) out[key] = messages[0];
  }
  return out;
}
