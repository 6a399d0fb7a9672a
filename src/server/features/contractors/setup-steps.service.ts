import type { StoredInsurance } from '../../../domain/contractors/credentials';
import { onboardingMessages } from '../../../domain/contractors/onboarding-fields';
import type { TaxInfo } from '../../../domain/contractors/payment-wizard';
import type {
  InsuranceSetup,
  LicensesSetup,
  SetupStepResponse,
} from '../../../domain/contractors/profile-wizard';
import { encryptSecret, lastFour } from '../../platform/crypto';
import { ValidationError } from '../../platform/errors';
import type { ProfileRow } from './contractor-detail';
import { advanced, createContractorLookups, reached, stepAnswer } from './contractor-lookups';
import { type ContractorsDeps, contractorServiceMessages, type RequestMeta } from './contractors.service';
import type { NewLicense } from './setup-steps.repo';

/** The profile wizard's licence, insurance and tax steps (the banking step: banking.service.ts). */
export function createContractorSetupService(deps: ContractorsDeps) {
  const { repo, config } = deps;
  const { ownDocuments } = createContractorLookups(repo);

  return {
    /**
     * Step 2: one licence per working state, keyed by state name; they replace the stored ones.
     * A working state without an entry, or an entry for another state, is a field error.
     */
    async setupLicenses(
      profile: ProfileRow,
      input: LicensesSetup,
      meta: RequestMeta = {},
    ): Promise<SetupStepResponse> {
      const fieldErrors: Record<string, string[]> = {};
      for (const state of profile.workingStates) {
        if (!input[state]) {
          fieldErrors[state] = [onboardingMessages.licenseMissingState.replace('{state}', state)];
        }
      }
      for (const [key, entry] of Object.entries(input)) {
        if (!profile.workingStates.includes(key))
          fieldErrors[key] = [onboardingMessages.licenseNotWorkingState];
        else if (entry.state !== key)
          fieldErrors[`${key}.state`] = [contractorServiceMessages.licenseStateMismatch];
      }
      if (Object.keys(fieldErrors).length > 0) {
        const first = Object.values(fieldErrors)[0]?.[0] ?? onboardingMessages.licensesRequired;
        throw new ValidationError(first, fieldErrors);
      }
      const docs = await ownDocuments(
        profile.id,
        Object.entries(input).map(([state, e]) => ({
          field: `${state}.licenseDocumentId`,
          id: e.licenseDocumentId,
        })),
      );
      const now = new Date();
      const rows: NewLicense[] = profile.workingStates.flatMap((state) => {
        const e = input[state];
        if (!e) return [];
        const docName = e.licenseDocumentId ? docs.get(e.licenseDocumentId)?.fileName : undefined;
        return [
          {
            contractorId: profile.id,
            state,
            noLicenseRequired: e.noLicenseRequired,
            licenseNumber: e.noLicenseRequired ? null : (e.licenseNumber ?? null),
            licenseType: e.noLicenseRequired ? null : (e.licenseType ?? null),
            expirationDate: e.noLicenseRequired ? null : (e.expirationDate ?? null),
            licenseDocument: e.licenseDocument ?? docName ?? null,
            licenseDocumentId: e.licenseDocumentId ?? null,
            createdAt: now,
            updatedAt: now,
          },
        ];
      });
      const row = await repo.replaceLicenses(
        profile.id,
        rows,
        advanced(profile.profileCompletionStatus, 'licenses_set'),
        {
          actorId: profile.userId,
          action: 'contractor.licenses_set',
          entityType: 'contractor_profile',
          entityId: profile.id,
          data: {
            states: rows.map((r) => r.state),
            noLicenseRequired: rows.filter((r) => r.noLicenseRequired).map((r) => r.state),
          },
          ip: meta.ip,
        },
      );
      return stepAnswer(row, onboardingMessages.licensesSaved);
    },

    /**
     * Step 3: general liability, workers' compensation and bonding. The profile is then complete
     * and goes to the admins (pending_verification), also after a rejection.
     */
    async setupInsurance(
      profile: ProfileRow,
      input: InsuranceSetup,
      meta: RequestMeta = {},
    ): Promise<SetupStepResponse> {
      if (!reached(profile.profileCompletionStatus, 'licenses_set')) {
        throw new ValidationError(contractorServiceMessages.licensesFirst);
      }
      const gl = input.generalLiability;
      const wc = input.workersCompensation;
      const bond = input.bonding;
      const docs = await ownDocuments(profile.id, [
        { field: 'generalLiability.documentId', id: gl.documentId },
        { field: 'workersCompensation.documentId', id: wc.notRequired ? undefined : wc.documentId },
        { field: 'bonding.documentId', id: bond.notRequired ? undefined : bond.documentId },
      ]);
      const nameOf = (document: string | undefined, documentId: string | undefined) =>
        document ?? (documentId ? docs.get(documentId)?.fileName : undefined) ?? null;
      const insurance: StoredInsurance = {
        generalLiability: {
          carrier: gl.carrier,
          policyNumber: gl.policyNumber,
          expirationDate: gl.expirationDate,
          coverageAmount: gl.coverageAmount,
          document: nameOf(gl.document, gl.documentId),
          documentId: gl.documentId ?? null,
        },
        workersCompensation: wc.notRequired
          ? { notRequired: true }
          : {
              notRequired: false,
              carrier: wc.carrier ?? '',
              policyNumber: wc.policyNumber ?? '',
              expirationDate: wc.expirationDate ?? '',
              document: nameOf(wc.document, wc.documentId),
              documentId: wc.documentId ?? null,
            },
        bonding: bond.notRequired
          ? { notRequired: true }
          : {
              notRequired: false,
              carrier: bond.carrier ?? '',
              bondAmount: bond.bondAmount ?? 0,
              expirationDate: bond.expirationDate ?? null,
              document: nameOf(bond.document, bond.documentId),
              documentId: bond.documentId ?? null,
            },
      };
      const row = await repo.saveInsurance(
        profile.id,
        insurance,
        advanced(profile.profileCompletionStatus, 'insurance_set'),
        (before, after) => ({
          actorId: profile.userId,
          action: 'contractor.insurance_set',
          entityType: 'contractor_profile',
          entityId: profile.id,
          data: {
            generalLiabilityExpires: gl.expirationDate,
            workersCompensation: wc.notRequired ? 'not_required' : wc.expirationDate,
            bonding: bond.notRequired ? 'not_required' : 'provided',
            verificationStatus: { before, after },
          },
          ip: meta.ip,
        }),
      );
      return stepAnswer(row, onboardingMessages.profileComplete, '/contractor-dashboard');
    },

    /** Payment step 2: the 1099 details; EIN and SSN encrypted, last four kept; needs banking first. */
    async setupTax(profile: ProfileRow, input: TaxInfo, meta: RequestMeta = {}): Promise<SetupStepResponse> {
      if (!(await repo.bankingOf(profile.id)))
        throw new ValidationError(contractorServiceMessages.bankingFirst);
      const docs = await ownDocuments(profile.id, [{ field: 'w9DocumentId', id: input.w9DocumentId }]);
      const key = config.encryptionKey;
      const now = new Date();
      const row = await repo.upsertTax(
        {
          contractorId: profile.id,
          businessName: input.businessName,
          businessType: input.businessType,
          businessAddress: input.businessAddress,
          businessCity: input.businessCity,
          businessState: input.businessState,
          businessZip: input.businessZip,
          einEncrypted: input.ein ? encryptSecret(key, input.ein) : null,
          ssnEncrypted: input.ssn ? encryptSecret(key, input.ssn) : null,
          einLast4: input.ein ? lastFour(input.ein) : null,
          ssnLast4: input.ssn ? lastFour(input.ssn) : null,
          w9Document:
            input.w9Document ??
            (input.w9DocumentId ? docs.get(input.w9DocumentId)?.fileName : undefined) ??
            null,
          createdAt: now,
          updatedAt: now,
        },
        {
          actorId: profile.userId,
          action: 'contractor.tax_set',
          entityType: 'contractor_profile',
          entityId: profile.id,
          data: { businessType: input.businessType, ein: Boolean(input.ein), ssn: Boolean(input.ssn) },
          ip: meta.ip,
        },
      );
      return stepAnswer(row, onboardingMessages.setupComplete, '/contractor-dashboard');
    },
  };
}

export type ContractorSetupService = ReturnType<typeof createContractorSetupService>;
