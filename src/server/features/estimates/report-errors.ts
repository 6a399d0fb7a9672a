/**
 * A problem that another attempt cannot fix (an unreadable measurement file, quote data the model
 * does not know): the report is marked failed at once, with this message for the admins.
 */
export class PermanentReportError extends Error {
  override name = 'PermanentReportError';
}

const MAX_REASON = 600;

export function oneOf<T extends string>(list: readonly T[], value: string, what: string): T {
  if ((list as readonly string[]).includes(value)) return value as T;
  throw new PermanentReportError(
    `The quote's ${what} "${value}" is not one the pricing model knows (${list.join(', ')}).`,
  );
}

export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON - 1)}…` : text;
}
