/**
 * Turns what a failed call threw into a sentence for people. api-client errors read
 * `${status}: ${body}`; when the body is the contract's JSON `{message, fieldErrors?}`,
 * its message is the sentence.
 */

const STATUS_LINE = /^(\d{3}): ?([\s\S]*)$/;

export const NETWORK_ERROR_MESSAGE = "We couldn't reach the server. Check your connection and try again.";
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

const statusFallbacks: Record<number, string> = {
  400: 'Some of the details are not valid. Please check them and try again.',
  401: 'Please sign in to continue.',
  403: "You don't have access to this.",
  404: "We couldn't find what you were looking for.",
  409: 'That conflicts with something that already exists.',
  413: 'That file is too large.',
  415: 'That file type is not supported.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

export interface ParsedApiError {
  status?: number;
  message?: string;
  fieldErrors?: Record<string, string[]>;
}

/** Splits an api-client error into status, server message and field errors, where present. */
export function parseApiError(error: unknown): ParsedApiError {
  if (!(error instanceof Error)) return {};
  const match = STATUS_LINE.exec(error.message);
  if (!match) return {};
  const status = Number(match[1]);
  const body = (match[2] ?? '').trim();
  if (body.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object') {
        const record = parsed as Record<string, unknown>;
        const text =
          typeof record.message === 'string' && record.message.trim() !== ''
            ? record.message
            : typeof record.error === 'string' && record.error.trim() !== ''
              ? record.error
              : undefined;
        return { status, message: text, fieldErrors: readFieldErrors(record.fieldErrors) };
      }
    } catch {
      // Not JSON after all: treated as plain text below.
    }
  }
  const looksLikeMarkup = body.startsWith('<');
  return { status, message: body !== '' && !looksLikeMarkup && body.length <= 300 ? body : undefined };
}

function readFieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const out: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(value)) {
    if (Array.isArray(list)) {
      const messages = list.filter((m): m is string => typeof m === 'string');
      if (messages.length > 0) out[key] = messages;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A human sentence for any error a call may throw. */
export function errorMessage(error: unknown, fallback?: string): string {
  const parsed = parseApiError(error);
  if (parsed.message) return parsed.message;
  if (parsed.status !== undefined) {
    if (fallback) return fallback;
    if (parsed.status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
    return statusFallbacks[parsed.status] ?? GENERIC_ERROR_MESSAGE;
  }
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) {
    return NETWORK_ERROR_MESSAGE;
  }
  if (fallback) return fallback;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return GENERIC_ERROR_MESSAGE;
}

/** The HTTP status of an api-client error, if it is one. */
export function errorStatus(error: unknown): number | undefined {
  return parseApiError(error).status;
}
