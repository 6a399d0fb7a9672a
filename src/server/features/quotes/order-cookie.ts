import { REFERENCE_PATTERN } from '../../../domain/quotes/quote-calls';
import { sign, verifySignature } from '../../platform/crypto';

/**
 * The browser's own orders: an httpOnly, SameSite=Lax cookie set at submission that lists the
 * Project IDs this browser ordered (the latest ORDER_COOKIE_MAX), signed with the session secret
 * so it cannot be extended by hand. It lets `/thank-you` show the report's download link.
 */
export const ORDER_COOKIE = 'rl_orders';
export const ORDER_COOKIE_MAX = 20;
export const ORDER_COOKIE_MAX_AGE_S = 180 * 24 * 3600;

const SEPARATOR = '~';

function signedValue(list: string): string {
  return `orders:${list}`;
}

/** The references of a cookie value; empty when it is missing, malformed or not signed by us. */
export function readOrderCookie(secret: string, value: string | undefined): string[] {
  if (!value || value.length > 4096) return [];
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return [];
  const list = value.slice(0, dot);
  const sig = value.slice(dot + 1);
  if (!verifySignature(secret, signedValue(list), sig)) return [];
  return list.split(SEPARATOR).filter((r) => REFERENCE_PATTERN.test(r));
}

/** The cookie value with `reference` added last (once), the oldest dropped beyond the cap. */
export function orderCookieWith(secret: string, current: string | undefined, reference: string): string {
  const refs = readOrderCookie(secret, current).filter((r) => r !== reference);
  refs.push(reference);
  const list = refs.slice(-ORDER_COOKIE_MAX).join(SEPARATOR);
  return `${list}.${sign(secret, signedValue(list))}`;
}
