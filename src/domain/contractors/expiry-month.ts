// Without zod: the credential badges of public pages use it without loading the schemas of credentials.ts.

/** 'Jan 2027' for a badge. */
export function expiryMonth(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  return d.toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}
