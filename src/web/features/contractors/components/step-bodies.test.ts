import { insuranceSetupSchema, licensesSetupSchema } from '@domain/contractors/profile-wizard';
import { describe, expect, it } from 'vitest';
import { insuranceDefaults, toInsuranceBody } from './insurance-step';
import { toLicensesBody } from './licenses-step';

describe('the licences body', () => {
  it('is keyed by state; a state needing no licence sends only that', () => {
    const body = toLicensesBody([
      { state: 'Texas', noLicenseRequired: true, licenseNumber: 'typed before ticking' },
      {
        state: 'Oklahoma',
        noLicenseRequired: false,
        licenseNumber: '80009911',
        expirationDate: '2027-09-30',
        licenseDocument: 'ok.pdf',
        licenseDocumentId: '5b1f4f0e-8a3c-4d7e-9b1a-2c3d4e5f6a7b',
      },
    ]);
    expect(body).toEqual({
      Texas: { state: 'Texas', noLicenseRequired: true },
      Oklahoma: {
        state: 'Oklahoma',
        noLicenseRequired: false,
        licenseNumber: '80009911',
        expirationDate: '2027-09-30',
        licenseDocument: 'ok.pdf',
        licenseDocumentId: '5b1f4f0e-8a3c-4d7e-9b1a-2c3d4e5f6a7b',
      },
    });
    expect(licensesSetupSchema.safeParse(body).success).toBe(true);
  });
});

describe('the insurance body', () => {
  it("drops a 'not required' section's leftovers and passes the call's schema", () => {
    const parsed = insuranceSetupSchema.parse({
      generalLiability: {
        carrier: 'The Hartford',
        policyNumber: 'GL-1',
        expirationDate: '2027-06-30',
        coverageAmount: '1,000,000',
      },
      workersCompensation: { notRequired: true, carrier: 'left over', policyNumber: '', expirationDate: '' },
      bonding: { notRequired: true, carrier: '', bondAmount: '', expirationDate: '' },
    });
    const body = toInsuranceBody(parsed);
    expect(body.workersCompensation).toEqual({ notRequired: true });
    expect(body.bonding).toEqual({ notRequired: true });
    expect(body.generalLiability.coverageAmount).toBe(1_000_000);
    expect(insuranceSetupSchema.safeParse(body).success).toBe(true);
  });

  it('starts from what was saved, amounts written as people type them', () => {
    const values = insuranceDefaults({
      generalLiability: {
        carrier: 'The Hartford',
        policyNumber: 'GL-1',
        expirationDate: '2027-06-30',
        coverageAmount: 2_000_000,
        document: 'gl.pdf',
        documentId: null,
      },
      workersCompensation: { notRequired: true },
      bonding: {
        notRequired: false,
        carrier: 'Travelers',
        bondAmount: 25_000,
        expirationDate: null,
        document: null,
        documentId: null,
      },
    });
    expect(values.generalLiability.coverageAmount).toBe('2,000,000');
    expect(values.workersCompensation.notRequired).toBe(true);
    expect(values.bonding).toMatchObject({ notRequired: false, carrier: 'Travelers', bondAmount: '25,000' });
    expect(insuranceDefaults(null).bonding.notRequired).toBe(false);
  });
});
