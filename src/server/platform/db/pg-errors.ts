/**
 * The SQLSTATE of a failed query: on the error itself (the driver's error, as pg and PGlite throw
 * it) or on its `cause` (drizzle wraps the driver's error in a DrizzleQueryError).
 */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** SQLSTATE 23505: an insert or update met a unique index (a concurrent request usually won). */
export function isUniqueViolation(err: unknown): boolean {
  return pgErrorCode(err) === '23505';
}
