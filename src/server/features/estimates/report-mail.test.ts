import { describe, expect, it } from 'vitest';
import { computeEstimate, type Estimate, preliminaryMeasurement } from '../../../domain/estimates/index';
import { PRELIMINARY_MARK } from '../../../domain/estimates/report/report-content';
import type { QuoteRow } from './estimates.repo';
import { reportFileName, reportMail } from './report-mail';

const quote = {
  reference: 'RL-MAIL2345',
  requesterEmail: 'riley@example.com',
  requesterFirstName: 'Riley',
  requesterLastName: 'Requester',
  streetAddress: '200 Sample Rd',
  streetAddress2: null,
  city: 'Dallas',
  state: 'TX',
  zipCode: '75201',
  insuranceInvolved: 'No',
  claimNumber: null,
  carrierName: null,
} as unknown as QuoteRow;

const measurement = preliminaryMeasurement({
  roofAreaSqFt: null,
  livingAreaSqFt: null,
  stories: null,
  buildingHeight: '1-Story',
});
const priced = computeEstimate({
  measurement,
  zipCode: '75201',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
  roofLayers: '1 Layer',
  buildingHeight: '1-Story',
  plywoodNeeded: 'No',
});
const preliminary: Estimate = {
  ...priced,
  basis: 'preliminary',
  preliminary: {
    assumedAreaSqFt: 2400,
    assumedPitch: 6,
    sizeFrom: 'typical',
    assumption: 'No size was given, so the roof is priced at 2,400 sq ft, typical for a 1-story house.',
    nextSteps: 'Our team measures the roof and mails the measured report as version 2.',
  },
};
const measured: Estimate = { ...priced, basis: 'measured', preliminary: null };

function mail(estimate: Estimate, version?: number) {
  return reportMail({
    brandName: 'Ridgeline',
    supportEmail: 'support@ridgeline.test',
    quote,
    recipient: { role: 'requester', email: 'riley@example.com', firstName: 'Riley' },
    measurement,
    estimate,
    link: { url: 'https://ridgeline.test/r/x', expiresAt: new Date('2025-04-04T00:00:00Z') },
    pdf: Buffer.from('%PDF-'),
    version,
  });
}

describe('reportMail', () => {
  it('marks a preliminary report in subject and body, with what it assumed and what happens next', () => {
    const m = mail(preliminary);
    expect(m.subject).toContain(PRELIMINARY_MARK);
    expect(m.subject).toContain('RL-MAIL2345');
    for (const body of [m.text, m.html]) {
      expect(body).toContain(PRELIMINARY_MARK);
      expect(body).toContain('priced at 2,400 sq ft, typical for a 1-story house');
      expect(body).toContain('mails the measured report as version 2');
    }
    expect(m.text).not.toContain('stays valid');
  });

  it('a measured report has no preliminary marking', () => {
    const m = mail(measured);
    expect(m.subject).toBe('Your Fair Market Value roof report - Project ID RL-MAIL2345');
    expect(m.text).not.toContain(PRELIMINARY_MARK);
    expect(m.attachments?.[0]?.filename).toBe('Ridgeline-Fair-Market-Value-Report-RL-MAIL2345.pdf');
  });

  it('a later version says it replaces nothing: the earlier report stays valid', () => {
    const m = mail(measured, 2);
    expect(m.subject).toContain('version 2');
    expect(m.text).toContain('Report version: 2');
    expect(m.text).toContain('It replaces nothing: the earlier report stays valid');
    expect(m.html).toContain('the earlier report stays valid');
    expect(m.attachments?.[0]?.filename).toBe(reportFileName('Ridgeline', 'RL-MAIL2345', 2));
    expect(reportFileName('Ridgeline', 'RL-MAIL2345', 2)).toBe(
      'Ridgeline-Fair-Market-Value-Report-RL-MAIL2345-v2.pdf',
    );
  });
});
