import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { registerSchema } from './auth/schemas';
import { chatContactSchema, emailContactSchema } from './contact/schemas';
import { contractorApplicationSchema, verifyContractorSchema } from './contractors/onboarding';
import { bankingSetupSchema, taxInfoSchema } from './contractors/payment-wizard';
import { insuranceSetupSchema, licensesSetupSchema } from './contractors/profile-wizard';
import { installRequestFormSchema } from './install-requests/form';
import { installRequestSchema } from './install-requests/schemas';
import { sendMessageSchema } from './messages/schemas';
import { projectUpdateSchema } from './projects/change-schemas';
import { projectCreateSchema } from './projects/schemas';
import { createPaymentIntentRequestSchema } from './quotes/quote-calls';
import { quoteDataSchema } from './quotes/quote-form';
import {
  hasDirectionControl,
  hasLineBreak,
  multiLineProblems,
  oneLineProblems,
  textLayoutMessages,
} from './text-safety';

/**
 * Issue 21 item 7: one-line fields (names, titles, company, phone, address, subject...) refuse
 * line breaks and text-direction controls with a clear message; multi-line fields (messages,
 * descriptions, notes) keep line breaks. Every schema a person types into is listed with its
 * one-line and multi-line text fields; the browser forms parse with these same schemas.
 */

const { lineBreak, directionControl } = textLayoutMessages;

const LINE_BREAKS = [
  ['LF', '\n'],
  ['CR LF', '\r\n'],
  ['CR', '\r'],
  ['NEL', '\u0085'],
  ['LINE SEPARATOR', '\u2028'],
  ['PARAGRAPH SEPARATOR', '\u2029'],
] as const;
const RUN_CONTROLS = [
  ['LRE', '\u202a'],
  ['RLE', '\u202b'],
  ['PDF', '\u202c'],
  ['LRO', '\u202d'],
  ['RLO', '\u202e'],
  ['LRI', '\u2066'],
  ['RLI', '\u2067'],
  ['FSI', '\u2068'],
  ['PDI', '\u2069'],
] as const;
const MARKS = [
  ['LRM', '\u200e'],
  ['RLM', '\u200f'],
  ['ALM', '\u061c'],
] as const;

interface Case {
  schema: z.ZodType;
  body: () => Record<string, unknown>;
  oneLine: string[];
  multiLine: string[];
}

const install = () => ({
  firstName: 'Avery',
  lastName: 'Nguyen',
  email: 'avery@example.com',
  phone: '(469) 555-0142',
  address: '2210 Cedar Springs Rd',
  city: 'Dallas',
  state: 'Texas',
  zipCode: '75201',
  insuranceCompany: 'State Farm',
  claimNumber: 'CLM-55821',
  projectDescription: 'Hail damage on the south slope.',
  urgency: 'expedited',
});

const quote = () => ({
  requesterFirstName: 'Dana',
  requesterLastName: 'Reyes',
  requesterEmail: 'dana.reyes@example.com',
  insuranceInvolved: 'Yes',
  carrierName: 'State Farm',
  claimNumber: 'CLM-1',
  adjusterFirstName: 'Ada',
  adjusterLastName: 'Jones',
  adjusterEmail: 'ada@example.com',
  adjusterPhone: '214 555 0100',
  homeownerFirstName: 'Sam',
  homeownerLastName: 'Ortiz',
  homeownerEmail: '',
  homeownerPhone: '(214) 555-0101',
  streetAddress: '1200 Elm Street',
  streetAddress2: 'Unit 4',
  city: 'Dallas',
  state: 'Texas',
  zipCode: '75201',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
  plywoodNeeded: 'No',
  buildingHeight: '1-Story',
  roofLayers: '1 Layer',
  measurementFileSource: "I don't have a sketch file available",
});

const cases: Record<string, Case> = {
  register: {
    schema: registerSchema,
    body: () => ({
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana@example.com',
      password: 'long-enough',
    }),
    oneLine: ['firstName', 'lastName'],
    multiLine: [],
  },
  'chat contact': {
    schema: chatContactSchema,
    body: () => ({
      name: 'Jordan Ellis',
      email: 'j@example.com',
      subject: 'Hail',
      message: 'Hello',
      projectId: '42',
    }),
    oneLine: ['name', 'subject', 'projectId'],
    multiLine: ['message'],
  },
  'e-mail contact': {
    schema: emailContactSchema,
    body: () => ({
      firstName: 'Morgan',
      lastName: 'Lee',
      email: 'm@example.com',
      phone: '(214) 555-0188',
      subject: 'Report',
      message: 'Hello',
    }),
    oneLine: ['firstName', 'lastName', 'phone', 'subject'],
    multiLine: ['message'],
  },
  'install request': {
    schema: installRequestSchema,
    body: install,
    oneLine: ['firstName', 'lastName', 'phone', 'address', 'city', 'insuranceCompany', 'claimNumber'],
    multiLine: ['projectDescription'],
  },
  'install request form': {
    schema: installRequestFormSchema,
    body: () => ({ ...install(), approvedAmount: '18,500' }),
    oneLine: ['firstName', 'lastName', 'phone', 'address', 'city', 'insuranceCompany', 'claimNumber'],
    multiLine: ['projectDescription'],
  },
  quote: {
    schema: quoteDataSchema,
    body: quote,
    oneLine: [
      'requesterFirstName',
      'requesterLastName',
      'carrierName',
      'claimNumber',
      'adjusterFirstName',
      'adjusterLastName',
      'adjusterPhone',
      'homeownerFirstName',
      'homeownerLastName',
      'homeownerPhone',
      'streetAddress',
      'streetAddress2',
      'city',
    ],
    multiLine: [],
  },
  'payment intent': {
    schema: createPaymentIntentRequestSchema,
    body: () => ({ quoteData: quote(), discountCode: 'SAVE10' }),
    oneLine: ['quoteData.requesterFirstName', 'quoteData.streetAddress', 'discountCode'],
    multiLine: [],
  },
  'project (admin)': {
    schema: projectCreateSchema,
    body: () => ({
      title: 'SWRX-2026-0042',
      description: 'Full replacement',
      homeownerEmail: 'h@example.com',
      homeownerName: 'Sam Ortiz',
      homeownerPhone: '214 555 0101',
      address: '1200 Elm Street',
      city: 'Dallas',
      state: 'Texas',
      zipCode: '75201',
      materialPreference: 'Metal',
    }),
    oneLine: [
      'title',
      'homeownerName',
      'homeownerPhone',
      'address',
      'city',
      'state',
      'zipCode',
      'materialPreference',
    ],
    multiLine: ['description'],
  },
  'project step': {
    schema: projectUpdateSchema,
    body: () => ({
      selectedMaterial: 'GAF Timberline HDZ',
      signatureDocument: 'contract.pdf',
      homeownerContactNotes: 'Called',
      permitNotes: 'Filed',
      materialNotes: 'Ordered',
      crewScheduledNotes: 'Monday',
      installNotes: 'Done',
    }),
    oneLine: ['selectedMaterial', 'signatureDocument'],
    multiLine: [
      'homeownerContactNotes',
      'permitNotes',
      'materialNotes',
      'crewScheduledNotes',
      'installNotes',
    ],
  },
  message: {
    schema: sendMessageSchema,
    body: () => ({ projectId: '0b6a3c4e-8f1a-4a47-9a7e-3f0f1d2c5b6a', content: 'Hello' }),
    oneLine: [],
    multiLine: ['content'],
  },
  'contractor application': {
    schema: contractorApplicationSchema,
    body: () => ({
      companyName: 'Summit Ridge Roofing',
      contactName: 'Jordan Avery',
      contactEmail: 'office@summitridge.example',
      contactPhone: '(214) 555-0199',
      workingStates: ['Texas'],
      businessAddress: '1201 Elm St, Dallas',
      website: 'summitridge.example',
    }),
    oneLine: ['companyName', 'contactName', 'contactPhone', 'businessAddress', 'website'],
    multiLine: [],
  },
  licences: {
    schema: licensesSetupSchema,
    body: () => ({
      Oklahoma: {
        state: 'Oklahoma',
        licenseNumber: '80009911',
        licenseType: 'Roofing Contractor Registration',
        licenseDocument: 'ok.pdf',
      },
    }),
    oneLine: ['Oklahoma.licenseNumber', 'Oklahoma.licenseType', 'Oklahoma.licenseDocument'],
    multiLine: [],
  },
  insurance: {
    schema: insuranceSetupSchema,
    body: () => ({
      generalLiability: {
        carrier: 'The Hartford',
        policyNumber: 'GL-1234567',
        expirationDate: '2031-01-01',
        coverageAmount: '$2,000,000',
        document: 'gl.pdf',
      },
      workersCompensation: {
        carrier: 'Texas Mutual',
        policyNumber: 'WC-1',
        expirationDate: '2031-01-01',
      },
      bonding: { carrier: 'Bonds Inc', bondAmount: '50000' },
    }),
    oneLine: [
      'generalLiability.carrier',
      'generalLiability.policyNumber',
      'generalLiability.document',
      'workersCompensation.carrier',
      'workersCompensation.policyNumber',
      'bonding.carrier',
    ],
    multiLine: [],
  },
  banking: {
    schema: bankingSetupSchema,
    body: () => ({
      bankName: 'JPMorgan Chase Bank',
      routingNumber: '111000614',
      accountNumber: '739104482216',
      confirmAccountNumber: '739104482216',
      accountType: 'checking',
      accountHolderName: 'Summit Ridge Roofing LLC',
    }),
    oneLine: ['bankName', 'accountHolderName'],
    multiLine: [],
  },
  tax: {
    schema: taxInfoSchema,
    body: () => ({
      businessName: 'Summit Ridge Roofing LLC',
      ein: '46-3318720',
      businessType: 'llc',
      businessAddress: '1201 Elm St',
      businessCity: 'Dallas',
      businessState: 'TX',
      businessZip: '75270',
      w9Document: 'w9.pdf',
    }),
    oneLine: ['businessName', 'businessAddress', 'businessCity', 'w9Document'],
    multiLine: [],
  },
  'verification decision': {
    schema: verifyContractorSchema,
    body: () => ({ status: 'rejected', notes: 'Licence expired' }),
    oneLine: [],
    multiLine: ['notes'],
  },
};

function withTextAt(body: Record<string, unknown>, path: string, insert: string): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1] as string;
  const value = String(node[last]);
  const cut = Math.max(1, Math.floor(value.length / 2));
  node[last] = `${value.slice(0, cut)}${insert}${value.slice(cut)}`;
  return copy;
}

/** The messages of the issues at `path`, as the API's fieldErrors would list them. */
function messagesAt(schema: z.ZodType, body: unknown, path: string): string[] | 'valid' {
  const result = schema.safeParse(body);
  if (result.success) return 'valid';
  return result.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
}

describe('one-line and multi-line text fields', () => {
  describe.each(Object.entries(cases))('%s', (_name, c) => {
    it('accepts the valid body', () => {
      const parsed = c.schema.safeParse(c.body());
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    });

    it.each(c.oneLine)('%s refuses every line break and direction control, naming which', (path) => {
      for (const [, br] of LINE_BREAKS)
        expect(messagesAt(c.schema, withTextAt(c.body(), path, br), path)).toContain(lineBreak);
      for (const [, ctl] of [...RUN_CONTROLS, ...MARKS]) {
        expect(messagesAt(c.schema, withTextAt(c.body(), path, ctl), path)).toContain(directionControl);
      }
    });

    it.each(c.multiLine)(
      '%s keeps line breaks and marks, refuses embeddings, overrides and isolates',
      (path) => {
        for (const [, keep] of [...LINE_BREAKS, ...MARKS]) {
          expect(messagesAt(c.schema, withTextAt(c.body(), path, keep), path)).toBe('valid');
        }
        for (const [, ctl] of RUN_CONTROLS) {
          expect(messagesAt(c.schema, withTextAt(c.body(), path, ctl), path)).toEqual([directionControl]);
        }
      },
    );
  });

  it('a line break at either end is trimmed away, not refused', () => {
    expect(registerSchema.parse({ ...cases.register?.body(), firstName: '\r\nDana\n' }).firstName).toBe(
      'Dana',
    );
  });

  it('agrees with a reference definition on any string', () => {
    const breaks = new Set(['\r', '\n', '\u0085', '\u2028', '\u2029']);
    const runs = new Set<string>(RUN_CONTROLS.map(([, c]) => c));
    const marks = new Set<string>(MARKS.map(([, c]) => c));
    const special = fc.constantFrom(...breaks, ...runs, ...marks, 'a', ' ', '\t', 'é', 'ש');
    const text = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.array(special).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(text, (s) => {
        const chars = [...s];
        const hasBreak = chars.some((ch) => breaks.has(ch));
        const hasRun = chars.some((ch) => runs.has(ch));
        const hasMark = chars.some((ch) => marks.has(ch));
        expect(hasLineBreak(s)).toBe(hasBreak);
        expect(hasDirectionControl(s)).toBe(hasRun || hasMark);
        expect(oneLineProblems(s)).toEqual([
          ...(hasBreak ? [lineBreak] : []),
          ...(hasRun || hasMark ? [directionControl] : []),
        ]);
        expect(multiLineProblems(s)).toEqual(hasRun ? [directionControl] : []);
      }),
    );
  });
});
