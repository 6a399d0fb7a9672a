import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { ContractorProfileDetail } from '../../src/domain/contractors/credentials';
import { uniqueEmail } from './lead-helpers';

/** A calendar date `days` from today (UTC), as the date inputs and the API write it. */
export function dateIn(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A real one-page PDF (a licence scan stand-in). */
export function samplePdf(text = 'Roofing contractor license'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(text);
    doc.end();
  });
}

/** A real PNG (a certificate photo stand-in). */
export function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: '#1e3a5f' } })
    .png()
    .toBuffer();
}

export const PASSWORD = 'first-password-1';

/** A fresh company name per test, so its card is found again among the pending applications. */
export function uniqueCompany(name: string): string {
  return `${name} ${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1000)}`;
}

export interface Applicant {
  api: APIRequestContext;
  email: string;
  password: string;
  companyName: string;
  contractorId: string;
}

/**
 * A new account that applied through the API (POST /api/auth/register, then
 * /api/contractor-application), optionally with the profile wizard's steps done.
 */
export async function apiApplicant(
  baseURL: string,
  opts: {
    companyName?: string;
    workingStates?: string[];
    businessAddress?: string;
    steps?: ('password' | 'licenses' | 'insurance')[];
    insurance?: Record<string, unknown>;
  } = {},
): Promise<Applicant> {
  const api = await playwrightRequest.newContext({ baseURL });
  const email = uniqueEmail('applicant');
  const registered = await api.post('/api/auth/register', {
    data: { firstName: 'Jordan', lastName: 'Avery', email, password: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const companyName = opts.companyName ?? uniqueCompany('Summit Ridge Roofing');
  const workingStates = opts.workingStates ?? ['Texas', 'Oklahoma'];
  const applied = await api.post('/api/contractor-application', {
    data: {
      companyName,
      contactName: 'Jordan Avery',
      contactEmail: email,
      contactPhone: '(214) 555-0199',
      workingStates,
      businessAddress: opts.businessAddress ?? '1201 Elm St, Dallas, TX 75270',
      website: 'summitridge.example',
    },
  });
  expect(applied.status(), await applied.text()).toBe(200);
  const { contractorId } = (await applied.json()) as { contractorId: string };
  let password = PASSWORD;
  const steps = opts.steps ?? [];
  if (steps.includes('password')) {
    password = 'new-password-22';
    const res = await api.post('/api/contractor/setup-password', {
      data: { password, confirmPassword: password },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  if (steps.includes('licenses')) {
    const body = Object.fromEntries(
      workingStates.map((state, i) => [
        state,
        i === 0
          ? { state, licenseNumber: `LIC-${Date.now()}`, expirationDate: dateIn(400) }
          : { state, noLicenseRequired: true },
      ]),
    );
    const res = await api.post('/api/contractor/setup-licenses', { data: body });
    expect(res.status(), await res.text()).toBe(200);
  }
  if (steps.includes('insurance')) {
    const res = await api.post('/api/contractor/setup-insurance', {
      data: opts.insurance ?? {
        generalLiability: {
          carrier: 'The Hartford',
          policyNumber: 'GL-1234567',
          expirationDate: dateIn(365),
          coverageAmount: '2000000',
        },
        workersCompensation: { notRequired: true },
        bonding: { notRequired: true },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { api, email, password, companyName, contractorId };
}

/** Signs the page in as the applicant (its own cookie jar). */
export async function signIn(page: Page, who: Pick<Applicant, 'email' | 'password'>): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: { email: who.email, password: who.password },
  });
  expect(res.status(), 'sign in').toBe(200);
}

/** GET /api/contractor/profile as the page's user. */
export async function ownProfile(page: Page): Promise<ContractorProfileDetail> {
  const res = await page.request.get('/api/contractor/profile');
  expect(res.status()).toBe(200);
  return (await res.json()) as ContractorProfileDetail;
}
