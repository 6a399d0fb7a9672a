import { z } from 'zod';

/**
 * The RATE_LIMIT_* variables of the environment configuration (config.ts spreads them into its
 * schema) and the RateLimitSettings that loadConfig builds from them.
 */

/** A count of requests per RATE_LIMIT_WINDOW_MINUTES; `0` is refused (it would block every call). */
const limitCount = (fallback: number) =>
  z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000)
    .default(fallback);

/**
 * Rate limits (see platform/rate-limits.ts): generous per IP, since an office or a carrier's NAT
 * puts many people behind one address; tight per e-mail, account or quote, where abuse shows.
 */
export const rateLimitEnv = {
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  RATE_LIMIT_IP_PUBLIC: limitCount(600),
  RATE_LIMIT_IP_SEARCH: limitCount(1200),
  RATE_LIMIT_IP_UPLOAD: limitCount(300),
  RATE_LIMIT_IP_AUTH: limitCount(300),
  RATE_LIMIT_IP_DISCOUNT: limitCount(120),
  RATE_LIMIT_EMAIL: limitCount(10),
  RATE_LIMIT_LOGIN: limitCount(30),
  RATE_LIMIT_ACCOUNT: limitCount(300),
  RATE_LIMIT_QUOTE: limitCount(30),
};

export interface RateLimitSettings {
  windowMs: number;
  /** Per IP: public forms, quotes, estimates, report downloads, webhooks. */
  ipPublic: number;
  /** Per IP: contractor search and summaries. */
  ipSearch: number;
  /** Per IP: sketch uploads. */
  ipUpload: number;
  /** Per IP: sign-in, registration, claim and confirmation links. */
  ipAuth: number;
  /** Per IP: discount-code checks (codes can be guessed, so fewer). */
  ipDiscount: number;
  /** Per e-mail address: contact messages, install requests, registrations. */
  email: number;
  /** Per e-mail address and client IP: sign-in attempts. */
  login: number;
  /** Per signed-in account. */
  account: number;
  /** Per quote: payment intents, payment attempts, discount checks. */
  quote: number;
}

export function rateLimitSettings(
  e: {
    [K in keyof typeof rateLimitEnv]: number;
  },
): RateLimitSettings {
  return {
    windowMs: e.RATE_LIMIT_WINDOW_MINUTES * 60_000,
    ipPublic: e.RATE_LIMIT_IP_PUBLIC,
    ipSearch: e.RATE_LIMIT_IP_SEARCH,
    ipUpload: e.RATE_LIMIT_IP_UPLOAD,
    ipAuth: e.RATE_LIMIT_IP_AUTH,
    ipDiscount: e.RATE_LIMIT_IP_DISCOUNT,
    email: e.RATE_LIMIT_EMAIL,
    login: e.RATE_LIMIT_LOGIN,
    account: e.RATE_LIMIT_ACCOUNT,
    quote: e.RATE_LIMIT_QUOTE,
  };
}
