import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../errors';
import { measurementFileSources, NO_SKETCH_FILE, roofSurfaceMaterials, usStates } from './options';
import { emptyQuoteForm, quoteDataSchema } from './quote-form';
import {
  checkSketchFile,
  checkSketchMatchesSource,
  formatSizeMb,
  MAX_SKETCH_FILE_BYTES,
} from './sketch-file';
import {
  generatedQuoteId,
  nextProgress,
  nextStep,
  parseThankYouParams,
  paymentLine,
  submissionTypeText,
  thankYouSearch,
} from './thank-you';

function errorsOf(result: { success: boolean; error?: unknown }) {
  if (result.success) throw new Error('expected a validation failure');
  return toFieldErrors(result.error as Parameters<typeof toFieldErrors>[0]);
}

const valid = {
  ...emptyQuoteForm,
  requesterFirstName: 'Dana',
  requesterLastName: 'Reyes',
  requesterEmail: 'Dana@Example.com',
  insuranceInvolved: 'No',
  homeownerFirstName: 'Sam',
  homeownerLastName: 'Ortiz',
  streetAddress: '1 Main St',
  city: 'Dallas',
  state: 'Texas',
  zipCode: '75201',
  roofSurfaceMaterial: 'METAL',
  plywoodNeeded: 'Yes',
  buildingHeight: '2-Story',
  roofLayers: '1 Layer over shake',
};

describe('enumerations', () => {
  it('lists the spec values exactly', () => {
    expect(roofSurfaceMaterials).toHaveLength(10);
    expect(measurementFileSources).toEqual([
      'HOVER .json',
      'Eagleview .xml',
      'Roofr .csv',
      'GAF QuickSquare .xml',
      "I don't have a sketch file available",
    ]);
    expect(usStates).toHaveLength(51);
    expect(usStates).toContain('District of Columbia');
    expect(emptyQuoteForm.measurementFileSource).toBe(NO_SKETCH_FILE);
  });
});

describe('quote form schema', () => {
  it('gives every required field its spec message', () => {
    const result = quoteDataSchema.safeParse(emptyQuoteForm);
    expect(result.success).toBe(false);
    const errors = errorsOf(result);
    expect(errors).toEqual({
      requesterFirstName: ['First name is required'],
      requesterLastName: ['Last name is required'],
      requesterEmail: ['Valid email is required'],
      insuranceInvolved: ['Please select if insurance is involved'],
      homeownerFirstName: ['Homeowner first name is required'],
      homeownerLastName: ['Homeowner last name is required'],
      streetAddress: ['Street address is required'],
      city: ['City is required'],
      state: ['State is required'],
      zipCode: ['Valid zip code is required'],
      roofSurfaceMaterial: ['Roof surface material is required'],
      plywoodNeeded: ['Please select if plywood is needed'],
      buildingHeight: ['Building height is required'],
      roofLayers: ['Number of roof layers is required'],
    });
  });

  it('accepts a complete form, lower-cases the email and nulls empty optional fields', () => {
    const parsed = quoteDataSchema.parse(valid);
    expect(parsed.requesterEmail).toBe('dana@example.com');
    expect(parsed.homeownerEmail).toBeNull();
    expect(parsed.streetAddress2).toBeNull();
  });

  it('checks zip codes and optional emails', () => {
    expect(quoteDataSchema.safeParse({ ...valid, zipCode: '7520' }).success).toBe(false);
    expect(quoteDataSchema.safeParse({ ...valid, zipCode: '75201-1234' }).success).toBe(true);
    expect(quoteDataSchema.safeParse({ ...valid, zipCode: 'ABCDE' }).success).toBe(false);
    // military mail and prefixes of no US area cannot be priced: refused with the reason
    expect(errorsOf(quoteDataSchema.safeParse({ ...valid, zipCode: ' 09012 ' }))).toEqual({
      zipCode: [
        'Military (APO/FPO/DPO) ZIP codes cannot be priced: enter the ZIP code of the property in the US.',
      ],
    });
    expect(errorsOf(quoteDataSchema.safeParse({ ...valid, zipCode: '00012-3456' }))).toEqual({
      zipCode: ['This ZIP code is not a US postal area: check the ZIP code of the property.'],
    });
    expect(errorsOf(quoteDataSchema.safeParse({ ...valid, zipCode: '7520' }))).toEqual({
      zipCode: ['Valid zip code is required'],
    });
    const adjuster = quoteDataSchema.safeParse({ ...valid, insuranceInvolved: 'Yes', adjusterEmail: 'nope' });
    expect(errorsOf(adjuster)).toEqual({
      adjusterEmail: ['Please enter a valid adjuster email'],
    });
  });

  it('requires a matching sketch file when a source is chosen', () => {
    const missing = quoteDataSchema.safeParse({ ...valid, measurementFileSource: 'Roofr .csv' });
    expect(errorsOf(missing).sketchFile).toBeDefined();
    const wrong = quoteDataSchema.safeParse({
      ...valid,
      measurementFileSource: 'Roofr .csv',
      sketchFileUrl: '/api/uploads/sketch/x',
      sketchFileName: 'a.json',
      sketchFileSize: 10,
    });
    expect(errorsOf(wrong).sketchFile?.[0]).toContain('needs a .csv file');
    expect(
      quoteDataSchema.safeParse({
        ...valid,
        measurementFileSource: 'Roofr .csv',
        sketchFileUrl: '/api/uploads/sketch/x',
        sketchFileName: 'a.CSV',
        sketchFileSize: 10,
      }).success,
    ).toBe(true);
  });
});

describe('sketch file rules', () => {
  it('allows .json, .xml and .csv up to 5 MB', () => {
    expect(checkSketchFile('roof.JSON', 10)).toEqual({ ok: true, extension: '.json' });
    expect(checkSketchFile('roof.xml', MAX_SKETCH_FILE_BYTES)).toMatchObject({ ok: true });
    expect(checkSketchFile('roof.pdf', 10)).toEqual({
      ok: false,
      kind: 'type',
      message: 'Invalid file type. Only sketch data files are allowed: .json, .xml, .csv',
    });
    expect(checkSketchFile('csv', 10)).toMatchObject({ ok: false, kind: 'type' });
  });

  it('names the real size of a file that is too large', () => {
    expect(checkSketchFile('big.csv', Math.round(6.2 * 1_048_576))).toEqual({
      ok: false,
      kind: 'size',
      message: 'File size too large. Maximum allowed size is 5MB. Your file is 6.2MB.',
    });
    expect(formatSizeMb(MAX_SKETCH_FILE_BYTES + 1)).toBe('5.01');
    expect(formatSizeMb(10 * 1_048_576)).toBe('10');
  });

  it('matches files to sources', () => {
    expect(checkSketchMatchesSource('HOVER .json', 'a.json')).toBeNull();
    expect(checkSketchMatchesSource('GAF QuickSquare .xml', 'a.xml')).toBeNull();
    expect(checkSketchMatchesSource('Eagleview .xml', 'a.csv')).toContain('needs a .xml file');
  });
});

describe('thank-you page rules', () => {
  it('reads the query and picks the texts of the spec', () => {
    const vip = parseThankYouParams('?vip=true&project_id=RL-7K3M9Q2X');
    expect(submissionTypeText(vip)).toBe('VIP Free Submission');
    expect(paymentLine(vip)).toBe('none');
    const discount = parseThankYouParams('?vip=false&discount=ALLOFF');
    expect(submissionTypeText(discount)).toBe('Discounted Submission (ALLOFF)');
    expect(paymentLine(discount)).toBe('none');
    const paid = parseThankYouParams('?vip=false&amount=405.00&project_id=RL-7K3M9Q2X');
    expect(submissionTypeText(paid)).toBe('Premium AI Estimate');
    expect(paymentLine(paid)).toBe('paid');
    expect(paid.amount).toBe('$405.00');
    expect(paymentLine(parseThankYouParams(''))).toBeNull();
  });

  it('builds the query the order sends', () => {
    expect(thankYouSearch({ projectId: 'RL-7K3M9Q2X', vip: false, amountDollars: '405.00' })).toBe(
      'project_id=RL-7K3M9Q2X&vip=false&amount=405.00',
    );
    expect(thankYouSearch({ projectId: 'RL-7K3M9Q2X', vip: false, freeDiscountCode: 'ALLOFF' })).toBe(
      'project_id=RL-7K3M9Q2X&vip=false&discount=ALLOFF',
    );
  });

  it('generates a QUOTE_ id when none is given', () => {
    expect(generatedQuoteId(() => 0.5, 1_700_000_000_000)).toMatch(/^QUOTE_[0-9A-Z]+$/);
  });

  it('moves the cosmetic progress by 5-20 up to 90, and the step counter up to 3', () => {
    expect(nextProgress(25, 0)).toBe(30);
    expect(nextProgress(25, 0.9999)).toBe(45);
    expect(nextProgress(85, 0.9999)).toBe(90);
    expect(nextStep(1)).toBe(2);
    expect(nextStep(3)).toBe(3);
  });
});
