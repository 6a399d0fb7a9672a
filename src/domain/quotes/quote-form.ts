/** The quote form (spec 1 §5): its fields, messages, order and the empty form. */
import { z } from 'zod';
import { unpriceableZipReason } from '../estimates/model/priceable-zip';
import { oneLine } from '../text-safety';
import {
  buildingHeights,
  measurementFileSources,
  NO_SKETCH_FILE,
  ridgeVentOptions,
  roofLayerOptions,
  roofSurfaceMaterials,
  sourceNeedsFile,
  usStates,
  yesNoOptions,
} from './options';
import { checkSketchMatchesSource, MAX_SKETCH_FILE_BYTES, sketchMessages } from './sketch-file';

/**
 * Optional roof size of an order without a measurement file (the preliminary report): the roof
 * area, or the living area and stories, as /estimate asks them. Both may be left empty.
 */
export const QUOTE_SIZE_LIMITS = {
  roofAreaSqFt: { min: 200, max: 50_000 },
  livingAreaSqFt: { min: 300, max: 30_000 },
} as const;
export const quoteSizeMessages = {
  roofAreaSqFt: 'Enter a roof area between 200 and 50,000 sq ft, or leave it empty',
  livingAreaSqFt: 'Enter a living area between 300 and 30,000 sq ft, or leave it empty',
} as const;
export const QUOTE_STORIES = ['1', '2', '3'] as const;

/** A whole number of sq ft typed as "2,400" or sent as 2400; empty means not given (null). */
function optionalSqFt(limits: { min: number; max: number }, message: string) {
  return z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return null;
      const text = String(v).trim().replace(/,/g, '');
      if (text === '') return null;
      const n = Number(text);
      if (!/^\d+(\.\d+)?$/.test(text) || n < limits.min || n > limits.max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Math.round(n);
    });
}

/** Field messages of spec 1, section 5, word for word; the others in the same voice. */
export const quoteMessages = {
  requesterFirstName: 'First name is required',
  requesterLastName: 'Last name is required',
  requesterEmail: 'Valid email is required',
  insuranceInvolved: 'Please select if insurance is involved',
  homeownerFirstName: 'Homeowner first name is required',
  homeownerLastName: 'Homeowner last name is required',
  streetAddress: 'Street address is required',
  city: 'City is required',
  state: 'State is required',
  zipCode: 'Valid zip code is required',
  roofSurfaceMaterial: 'Roof surface material is required',
  plywoodNeeded: 'Please select if plywood is needed',
  buildingHeight: 'Building height is required',
  roofLayers: 'Number of roof layers is required',
  measurementFileSource: 'Measurement file source is required',
  ridgeVent: 'Please choose Yes, No or Not sure for the ridge vent, or leave it empty',
  adjusterEmail: 'Please enter a valid adjuster email',
  homeownerEmail: 'Please enter a valid homeowner email',
  phone: 'Please enter a valid phone number',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  /** Shown before any payment is attempted when a required field is missing. */
  fillRequiredFirst: 'Please fill out all required fields first',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const PHONE = /^[+()\-.\s\d]{7,25}$/;

/** Every text of the quote form is one line (names, carrier, claim number, address lines, city...). */
function required(message: string, max = 100) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: quoteMessages.tooLong(max) })
    .check(oneLine());
}

/** An optional one-line text: trimmed, empty becomes null. */
function optional(max = 100) {
  return z
    .string()
    .trim()
    .max(max, { error: quoteMessages.tooLong(max) })
    .check(oneLine())
    .nullish()
    .transform((v) => (v ? v : null));
}

function optionalMatching(pattern: RegExp, message: string, max: number) {
  return optional(max).refine((v) => v === null || pattern.test(v), { error: message });
}

function choice<T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/**
 * The quote request (spec 1, section 3): the form fields plus the sketch file's stored address,
 * name and size. The browser's form and POST /api/quotes/* bodies both use it.
 */
export const quoteDataSchema = z
  .object({
    requesterFirstName: required(quoteMessages.requesterFirstName),
    requesterLastName: required(quoteMessages.requesterLastName),
    requesterEmail: z
      .string({ error: quoteMessages.requesterEmail })
      .trim()
      .toLowerCase()
      .max(254, { error: quoteMessages.requesterEmail })
      .regex(EMAIL, { error: quoteMessages.requesterEmail })
      .check(oneLine()),
    insuranceInvolved: choice(yesNoOptions, quoteMessages.insuranceInvolved),
    carrierName: optional(),
    claimNumber: optional(),
    adjusterFirstName: optional(),
    adjusterLastName: optional(),
    adjusterEmail: optionalMatching(EMAIL, quoteMessages.adjusterEmail, 254),
    adjusterPhone: optionalMatching(PHONE, quoteMessages.phone, 25),
    homeownerFirstName: required(quoteMessages.homeownerFirstName),
    homeownerLastName: required(quoteMessages.homeownerLastName),
    homeownerEmail: optionalMatching(EMAIL, quoteMessages.homeownerEmail, 254),
    homeownerPhone: optionalMatching(PHONE, quoteMessages.phone, 25),
    streetAddress: required(quoteMessages.streetAddress, 200),
    streetAddress2: optional(200),
    city: required(quoteMessages.city),
    state: choice(usStates, quoteMessages.state),
    zipCode: z
      .string({ error: quoteMessages.zipCode })
      .trim()
      .min(5, { error: quoteMessages.zipCode, abort: true })
      .regex(ZIP, { error: quoteMessages.zipCode, abort: true })
      // military (APO/FPO/DPO) and unassigned prefixes cannot be priced: say which
      .check((ctx) => {
        const reason = unpriceableZipReason(ctx.value);
        if (reason) ctx.issues.push({ code: 'custom', message: reason, input: ctx.value });
      }),
    roofSurfaceMaterial: choice(roofSurfaceMaterials, quoteMessages.roofSurfaceMaterial),
    plywoodNeeded: choice(yesNoOptions, quoteMessages.plywoodNeeded),
    buildingHeight: choice(buildingHeights, quoteMessages.buildingHeight),
    roofLayers: choice(roofLayerOptions, quoteMessages.roofLayers),
    /** Optional (issue 24 #7): 'Yes' prices a ridge vent in place of the box vents; absent is null. */
    ridgeVent: z
      .enum(ridgeVentOptions, { error: quoteMessages.ridgeVent })
      .nullish()
      .transform((v) => v ?? null),
    measurementFileSource: choice(measurementFileSources, quoteMessages.measurementFileSource),
    sketchFileUrl: optional(300),
    sketchFileName: optional(255),
    sketchFileSize: z.number().int().min(0).max(MAX_SKETCH_FILE_BYTES).nullish(),
    /**
     * The visitor confirmed that the file measures this property although its address differs from
     * the order's (issue 24 #2): the order carries it, the report states it.
     */
    measurementAddressConfirmed: z
      .boolean()
      .nullish()
      .transform((v) => v === true),
    /** Only used without a file (preliminary report); ignored when a file is chosen. */
    roofAreaSqFt: optionalSqFt(QUOTE_SIZE_LIMITS.roofAreaSqFt, quoteSizeMessages.roofAreaSqFt),
    livingAreaSqFt: optionalSqFt(QUOTE_SIZE_LIMITS.livingAreaSqFt, quoteSizeMessages.livingAreaSqFt),
    stories: z
      .enum(QUOTE_STORIES)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((q, ctx) => {
    if (!sourceNeedsFile(q.measurementFileSource)) return;
    if (!q.sketchFileUrl || !q.sketchFileName) {
      ctx.addIssue({ code: 'custom', path: ['sketchFile'], message: sketchMessages.missingFile });
      return;
    }
    const mismatch = checkSketchMatchesSource(q.measurementFileSource, q.sketchFileName);
    if (mismatch) ctx.addIssue({ code: 'custom', path: ['sketchFile'], message: mismatch });
  })
  .meta({ id: 'QuoteData' });

export type QuoteDataInput = z.input<typeof quoteDataSchema>;
export type QuoteData = z.output<typeof quoteDataSchema>;

/** Every field of the form, in the order it is shown: first error gets the focus. */
export const quoteFieldOrder = [
  'requesterFirstName',
  'requesterLastName',
  'requesterEmail',
  'insuranceInvolved',
  'carrierName',
  'claimNumber',
  'adjusterFirstName',
  'adjusterLastName',
  'adjusterEmail',
  'adjusterPhone',
  'homeownerFirstName',
  'homeownerLastName',
  'homeownerEmail',
  'homeownerPhone',
  'streetAddress',
  'streetAddress2',
  'city',
  'state',
  'zipCode',
  'roofSurfaceMaterial',
  'plywoodNeeded',
  'buildingHeight',
  'roofLayers',
  'ridgeVent',
  'measurementFileSource',
  'sketchFile',
] as const;

/** The empty form (the measurement source defaults to the no-file option). */
export const emptyQuoteForm: QuoteDataInput = {
  requesterFirstName: '',
  requesterLastName: '',
  requesterEmail: '',
  insuranceInvolved: '' as never,
  carrierName: '',
  claimNumber: '',
  adjusterFirstName: '',
  adjusterLastName: '',
  adjusterEmail: '',
  adjusterPhone: '',
  homeownerFirstName: '',
  homeownerLastName: '',
  homeownerEmail: '',
  homeownerPhone: '',
  streetAddress: '',
  streetAddress2: '',
  city: '',
  state: '' as never,
  zipCode: '',
  roofSurfaceMaterial: '' as never,
  plywoodNeeded: '' as never,
  buildingHeight: '' as never,
  roofLayers: '' as never,
  ridgeVent: null,
  measurementFileSource: NO_SKETCH_FILE,
  sketchFileUrl: null,
  sketchFileName: null,
  sketchFileSize: null,
  measurementAddressConfirmed: false,
  roofAreaSqFt: '',
  livingAreaSqFt: '',
  stories: null,
};
