import { randomBytes } from 'node:crypto';
import { quoteData, SUCCESS_CARD } from './quote-order';

/**
 * Every public POST (no security requirement in /api/openapi.json) that takes a JSON body, with a
 * valid body for it. The hostile-input test (NUL in every text field) and the fuzz test are both
 * driven from this list; `checkPublicPostsAgainst` fails when the document and the list disagree,
 * so a new public POST must be added here (or to `publicPostsWithoutJsonBody`, saying why).
 */
export interface PublicJsonPost {
  url: string;
  /** A body the endpoint accepts (or refuses only for business reasons: unknown quote, bad password). */
  validBody(): Record<string, unknown>;
}

const uid = () => randomBytes(4).toString('hex');

/** A complete install request (an insurance job in Dallas) from this address. */
export const installRequestBody = (email: string) => ({
  firstName: 'Avery',
  lastName: 'Nguyen',
  email,
  phone: '(469) 555-0142',
  address: '2210 Cedar Springs Rd',
  city: 'Dallas',
  state: 'Texas',
  zipCode: '75201',
  insuranceCompany: 'State Farm',
  claimNumber: 'CLM-55821',
  approvedAmount: 1_845_050,
  projectDescription: 'Hail damage on the south slope.',
  urgency: 'expedited',
  preferredStartDate: '2030-05-04',
});

export const publicJsonPosts: PublicJsonPost[] = [
  {
    url: '/api/auth/login',
    validBody: () => ({ email: 'homeowner@demo.test', password: 'not-the-password' }),
  },
  {
    url: '/api/auth/register',
    validBody: () => ({
      firstName: 'Dana',
      lastName: 'Reyes',
      email: `dana.${uid()}@example.com`,
      password: 'long-enough-pw',
    }),
  },
  {
    url: '/api/auth/confirm-email',
    validBody: () => ({ token: `unknown-${uid()}`, password: 'long-enough-pw' }),
  },
  {
    url: '/api/auth/forgot-password',
    validBody: () => ({ email: `forgetful.${uid()}@example.com` }),
  },
  {
    url: '/api/auth/reset-password',
    validBody: () => ({ token: `unknown-${uid()}`, password: 'long-enough-pw' }),
  },
  {
    url: '/api/slack/contact',
    validBody: () => ({
      name: 'Jordan Ellis',
      email: 'jordan@example.com',
      subject: 'Hail damage',
      message: 'Is anyone there?\nMy adjuster visits Friday.',
      projectId: '42',
    }),
  },
  {
    url: '/api/email/contact',
    validBody: () => ({
      firstName: 'Morgan',
      lastName: 'Lee',
      email: 'morgan.lee@example.com',
      phone: '(214) 555-0188',
      subject: 'Question about my report',
      message: 'Can the report include the detached garage?',
    }),
  },
  {
    url: '/api/homeowner/install-request',
    validBody: () => installRequestBody(`avery.${uid()}@example.com`),
  },
  {
    url: '/api/homeowner/create-project',
    validBody: () => ({
      email: 'quinn.parker@example.com',
      quoteId: 'RL-ABCDEFGH',
      confirmationCode: 'ABC234',
    }),
  },
  { url: '/api/validate-discount', validBody: () => ({ code: 'SAVE10' }) },
  {
    url: '/api/payments/sandbox/confirm',
    validBody: () => ({
      paymentIntentId: 'pi_sandbox_unknown',
      clientSecret: 'secret',
      card: { ...SUCCESS_CARD },
    }),
  },
  {
    url: '/api/quotes/create-payment-intent',
    // with the size fields of an order without a file (its preliminary report): typed text is fuzzed too
    validBody: () => ({
      quoteData: quoteData({ roofAreaSqFt: '2,400', livingAreaSqFt: '1,850', stories: '2' }),
      discountCode: null,
      vipCode: null,
    }),
  },
  {
    url: '/api/quotes/submit',
    validBody: () => ({ quoteData: quoteData(), paymentIntentId: 'free_submission', discountCode: 'VIP' }),
  },
];

/** Public POSTs without a JSON body to generate, and where their hostile input is tested instead. */
export const publicPostsWithoutJsonBody: Record<string, string> = {
  '/api/auth/logout': 'no body',
  '/api/uploads/sketch': 'multipart: malformed bodies in hostile-input.int.test.ts',
  '/api/stripe/webhook': 'raw bytes verified against the Stripe signature',
};

interface OpenApiDoc {
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown }>>;
}

/** The public POSTs of the document, as "METHOD path" with OpenAPI path syntax turned back to Fastify's. */
export function publicPostsOf(doc: OpenApiDoc): string[] {
  const out: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const post = ops.post;
    if (post && (post.security === undefined || post.security.length === 0)) out.push(path);
  }
  return out.sort();
}

/** Throws naming every public POST the lists miss, and every listed one the document lacks. */
export function checkPublicPostsAgainst(doc: OpenApiDoc): void {
  const inDoc = new Set(publicPostsOf(doc));
  const listed = new Set([...publicJsonPosts.map((p) => p.url), ...Object.keys(publicPostsWithoutJsonBody)]);
  const missing = [...inDoc].filter((p) => !listed.has(p));
  const stale = [...listed].filter((p) => !inDoc.has(p));
  if (missing.length || stale.length) {
    throw new Error(
      `tests/helpers/public-posts.ts is out of date. Public POSTs with no entry: ${missing.join(', ') || 'none'}; entries with no such public POST: ${stale.join(', ') || 'none'}`,
    );
  }
}

/** Every path (`quoteData.city`, `card.number`) of a string leaf of `value`. */
export function stringLeafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => stringLeafPaths(v, prefix ? `${prefix}.${k}` : k));
}

/** A deep copy of `value` with the string at `path` replaced by `replace(old)`. */
export function withStringAt(value: Record<string, unknown>, path: string, replace: (s: string) => string) {
  const copy = structuredClone(value);
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1] as string;
  node[last] = replace(String(node[last]));
  return copy;
}

let ipCounter = 0;
/**
 * A fresh client address per request: the per-IP rate limits stay on, and a test that sends
 * hundreds of requests is not answered 429 for it (each test request stands for another client).
 */
export function nextClientIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}
