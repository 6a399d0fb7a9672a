import { ApiError } from './api-client';

/**
 * The message the server put in its JSON error answer (`{message}` or `{error}`), if any. A bare
 * status text ('Bad Gateway') or a proxy's HTML page is not a message meant for people: the
 * caller shows its own fallback then.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body.trim();
  if (!body.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    const text = typeof parsed.message === 'string' ? parsed.message : parsed.error;
    return typeof text === 'string' && text.trim() !== '' ? text : undefined;
  } catch {
    return undefined;
  }
}
