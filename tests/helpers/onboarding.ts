import type { FastifyInstance } from 'fastify';
import { sessionCookieFrom } from './auth';
import { nextClientIp } from './public-posts';

/**
 * Contractor onboarding through the real API (issue 11): bodies the calls accept, and a person
 * who registers, applies and completes the wizards.
 */

/** Secrets the tests look for everywhere (database rows, answers, mails, audit). */
export const SECRETS = {
  routingNumber: '111000614',
  accountNumber: '739104482216',
  ein: '463318720',
  ssn: '521447893',
} as const;

/** A calendar day (YYYY-MM-DD, UTC) this many days from today: the tests' dates stay current. */
export function inDays(days: number, from = new Date().toISOString().slice(0, 10)): string {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Expiry dates of the default bodies: far enough that no check warns about them. */
export const EXPIRES = {
  license: inDays(730),
  generalLiability: inDays(600),
  workersCompensation: inDays(500),
} as const;

let counter = 0;
export const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${++counter}@example.com`;

export const applicationBody = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Summit Ridge Roofing',
  contactName: 'Jordan Avery',
  contactEmail: 'office@summitridge.example',
  contactPhone: '(214) 555-0199',
  workingStates: ['Texas', 'Oklahoma'],
  travelDistance: 80,
  businessAddress: '1201 Elm St, Dallas, TX 75270',
  website: 'summitridge.example',
  ...overrides,
});

export const licensesBody = (overrides: Record<string, unknown> = {}) => ({
  Texas: { state: 'Texas', noLicenseRequired: true },
  Oklahoma: {
    state: 'Oklahoma',
    licenseNumber: '80009911',
    licenseType: 'Roofing Contractor Registration',
    expirationDate: EXPIRES.license,
    licenseDocument: 'ok-registration.pdf',
  },
  ...overrides,
});

export const insuranceBody = (overrides: Record<string, unknown> = {}) => ({
  generalLiability: {
    carrier: 'The Hartford',
    policyNumber: 'GL-1234567',
    expirationDate: EXPIRES.generalLiability,
    coverageAmount: '$2,000,000',
    document: 'gl-coi.pdf',
  },
  workersCompensation: {
    carrier: 'Texas Mutual Insurance',
    policyNumber: 'WC-7654321',
    expirationDate: EXPIRES.workersCompensation,
    document: 'wc-coi.pdf',
  },
  bonding: { notRequired: true },
  ...overrides,
});

export const bankingBody = (overrides: Record<string, unknown> = {}) => ({
  bankName: 'JPMorgan Chase Bank',
  routingNumber: SECRETS.routingNumber,
  accountNumber: SECRETS.accountNumber,
  confirmAccountNumber: SECRETS.accountNumber,
  accountType: 'checking',
  accountHolderName: 'Summit Ridge Roofing LLC',
  ...overrides,
});

export const taxBody = (overrides: Record<string, unknown> = {}) => ({
  businessName: 'Summit Ridge Roofing LLC',
  ein: '46-3318720',
  ssn: '521-44-7893',
  businessType: 'llc',
  businessAddress: '1201 Elm St',
  businessCity: 'Dallas',
  businessState: 'TX',
  businessZip: '75270',
  ...overrides,
});

export interface Caller {
  cookie: string;
  userId: string;
  email: string;
}

/** A new account through POST /api/auth/register (signed in at once). */
export async function register(app: FastifyInstance, name = 'applicant'): Promise<Caller> {
  const email = uniqueEmail(name);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { firstName: 'Jordan', lastName: 'Avery', email, password: 'first-password-1' },
    remoteAddress: nextClientIp(),
  });
  const cookie = sessionCookieFrom(res);
  if (res.statusCode !== 201 || !cookie) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { cookie, userId: res.json().id, email };
}

/** One JSON call as a signed-in person (or signed out when `who` is null). */
export function call(
  app: FastifyInstance,
  who: { cookie: string } | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: nextClientIp(),
  });
}

/** Registers, applies and completes both wizards; answers the caller and their profile id. */
export async function onboardedContractor(
  app: FastifyInstance,
  opts: {
    insurance?: Record<string, unknown>;
    application?: Record<string, unknown>;
    payment?: boolean;
  } = {},
): Promise<Caller & { contractorId: string }> {
  const who = await register(app, 'contractor');
  const steps: [string, unknown][] = [
    ['/api/contractor-application', applicationBody(opts.application)],
    ['/api/contractor/setup-password', { password: 'new-password-22', confirmPassword: 'new-password-22' }],
    ['/api/contractor/setup-licenses', licensesBody()],
    ['/api/contractor/setup-insurance', insuranceBody(opts.insurance)],
    ...(opts.payment === false
      ? []
      : ([
          ['/api/contractor/banking', bankingBody()],
          ['/api/contractor/tax-info', taxBody()],
        ] as [string, unknown][])),
  ];
  let contractorId = '';
  for (const [url, body] of steps) {
    const res = await call(app, who, 'POST', url, body);
    if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
    if (url === '/api/contractor-application') contractorId = res.json().contractorId;
  }
  return { ...who, contractorId };
}
