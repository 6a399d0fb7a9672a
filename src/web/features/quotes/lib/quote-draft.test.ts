import { describe, expect, it } from 'vitest';
import { NO_SKETCH_FILE } from '../../../../domain/quotes/options';
import { emptyQuoteForm, type QuoteData, quoteDataSchema } from '../../../../domain/quotes/quote-form';
import {
  homeownerFromRequester,
  homeownerMatchesRequester,
  initialQuoteValues,
  orderPayload,
  summaryForFile,
} from './quote-draft';

const summary = {
  source: 'HOVER',
  totalAreaSqFt: 2345,
  squares: 23.5,
  predominantPitch: 6,
  facetCount: 8,
  address: null,
  warnings: [],
};

function validQuote(extra: Record<string, unknown> = {}): QuoteData {
  return quoteDataSchema.parse({
    ...emptyQuoteForm,
    requesterFirstName: 'Dana',
    requesterLastName: 'Reyes',
    requesterEmail: 'dana@example.com',
    insuranceInvolved: 'No',
    homeownerFirstName: 'Dana',
    homeownerLastName: 'Reyes',
    streetAddress: '1 Elm St',
    city: 'Dallas',
    state: 'Texas',
    zipCode: '75201',
    roofSurfaceMaterial: 'METAL',
    plywoodNeeded: 'No',
    buildingHeight: '1-Story',
    roofLayers: '1 Layer',
    ...extra,
  });
}

describe('useQuoteDraft pure parts', () => {
  it('starts empty, then the stored draft, then a /estimate carry on top', () => {
    expect(initialQuoteValues(null)).toEqual(emptyQuoteForm);
    const values = initialQuoteValues(
      { values: { city: 'Austin', zipCode: '78701' } },
      { zipCode: '75201', roofAreaSqFt: '2,200' },
    );
    expect(values.city).toBe('Austin');
    expect(values.zipCode).toBe('75201');
    expect(values.roofAreaSqFt).toBe('2,200');
    expect(values.measurementFileSource).toBe(NO_SKETCH_FILE);
  });

  it('copies the requester into the homeowner block and recognises a copy', () => {
    const copy = homeownerFromRequester({
      requesterFirstName: 'Sam',
      requesterLastName: 'Ortiz',
      requesterEmail: 'sam@example.com',
    });
    expect(copy).toEqual({
      homeownerFirstName: 'Sam',
      homeownerLastName: 'Ortiz',
      homeownerEmail: 'sam@example.com',
    });
    expect(
      homeownerMatchesRequester({
        requesterFirstName: 'Sam',
        requesterLastName: 'Ortiz',
        requesterEmail: 'sam@example.com',
        ...copy,
      }),
    ).toBe(true);
    expect(
      homeownerMatchesRequester({ ...copy, requesterFirstName: 'Sam', requesterLastName: 'Other' }),
    ).toBe(false);
    // an empty form is not 'I am the homeowner'
    expect(homeownerMatchesRequester(emptyQuoteForm)).toBe(false);
  });

  it('sends the size fields only without a file', () => {
    const noFile = validQuote({ roofAreaSqFt: '2,400', stories: '2' });
    expect(orderPayload(noFile)).toMatchObject({ roofAreaSqFt: 2400, stories: '2' });
    const withFile = validQuote({
      measurementFileSource: 'HOVER .json',
      sketchFileUrl: '/uploads/sketches/a.json',
      sketchFileName: 'a.json',
      roofAreaSqFt: '2,400',
      livingAreaSqFt: '1800',
      stories: '2',
    });
    expect(orderPayload(withFile)).toMatchObject({ roofAreaSqFt: null, livingAreaSqFt: null, stories: null });
  });

  it('shows a stored summary only for the file it was read from', () => {
    const stored = { fileUrl: '/uploads/a.json', summary };
    expect(summaryForFile(stored, '/uploads/a.json')).toBe(summary);
    expect(summaryForFile(stored, '/uploads/b.json')).toBeNull();
    expect(summaryForFile(stored, null)).toBeNull();
    expect(summaryForFile(null, '/uploads/a.json')).toBeNull();
  });
});
