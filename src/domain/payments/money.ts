/** Money is integer cents everywhere; these turn it into what people read. */

/** "405.00": dollars with two decimals, no sign (the /thank-you `amount` parameter). */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** "$1,405.00" */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** "$405.00" from the dollars text of a URL ("405", "405.00"); null when it is not an amount. */
export function formatDollarsText(text: string | null | undefined): string | null {
  if (!text) return null;
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  return formatCents(Math.round(Number(trimmed) * 100));
}
