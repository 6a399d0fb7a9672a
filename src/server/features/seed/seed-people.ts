import { inArray } from 'drizzle-orm';
import type { StoredInsurance } from '../../../domain/contractors/credentials';
import { encryptSecret, lastFour } from '../../platform/crypto';
import {
  contractorBanking,
  contractorLicenses,
  contractorProfiles,
  contractorTaxInfo,
  users,
} from '../../platform/db/schema';
import {
  type DemoContractor,
  type DemoInsurance,
  demoAdmin,
  demoContractors,
  demoHomeowners,
} from './demo-data';
import type { SeedState } from './seed-state';

/** The demo accounts and the contractor network (profiles, licences, banking, tax). */
export async function seedUsers(s: SeedState): Promise<void> {
  const people = [
    { ...demoAdmin, email: s.adminEmail, userType: 'admin' as const },
    ...demoHomeowners.map((p) => ({ ...p, userType: 'homeowner' as const })),
    ...demoContractors.map((c) => ({ ...c.user, userType: 'contractor' as const })),
  ];
  await s.tx
    .insert(users)
    .values(
      people.map((p) => {
        const createdAt = s.at(p.createdDaysAgo);
        return {
          email: p.email,
          passwordHash: s.passwordHash,
          firstName: p.firstName,
          lastName: p.lastName,
          phone: p.phone,
          city: p.city,
          state: p.state,
          userType: p.userType,
          isVerified: true,
          // Confirmed a few minutes after signing up.
          emailVerifiedAt: new Date(createdAt.getTime() + 7 * 60_000),
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .onConflictDoNothing({ target: users.email });
  const rows = await s.tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        people.map((p) => p.email),
      ),
    );
  for (const row of rows) s.userIds.set(row.email, row.id);
}

export async function seedContractors(s: SeedState): Promise<void> {
  const adminId = s.userId(s.adminEmail);
  await s.tx
    .insert(contractorProfiles)
    .values(demoContractors.map((c) => profileRow(s, c, adminId)))
    .onConflictDoNothing({ target: contractorProfiles.userId });
  const rows = await s.tx
    .select({ id: contractorProfiles.id, userId: contractorProfiles.userId })
    .from(contractorProfiles)
    .where(
      inArray(
        contractorProfiles.userId,
        demoContractors.map((c) => s.userId(c.user.email)),
      ),
    );
  const emailByUserId = new Map(demoContractors.map((c) => [s.userId(c.user.email), c.user.email]));
  for (const row of rows) {
    const email = emailByUserId.get(row.userId);
    if (email) s.profileIds.set(email, row.id);
  }

  const licenses = demoContractors.flatMap((c) =>
    c.licenses.map((l) => {
      const createdAt = s.at(c.user.createdDaysAgo - 0.1);
      return {
        contractorId: s.profileId(c.user.email),
        state: l.state,
        licenseNumber: l.noLicenseRequired ? null : (l.licenseNumber ?? null),
        licenseType: l.noLicenseRequired ? null : (l.licenseType ?? null),
        expirationDate: l.expiresInDays === undefined ? null : s.dateIn(l.expiresInDays),
        noLicenseRequired: l.noLicenseRequired ?? false,
        licenseDocument: l.licenseDocument ?? null,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
  if (licenses.length > 0) {
    await s.tx
      .insert(contractorLicenses)
      .values(licenses)
      .onConflictDoNothing({ target: [contractorLicenses.contractorId, contractorLicenses.state] });
  }

  const key = s.platform.config.encryptionKey;
  const banking = demoContractors.flatMap((c) => {
    if (!c.banking) return [];
    const createdAt = s.at(c.user.createdDaysAgo - 0.2);
    return [
      {
        contractorId: s.profileId(c.user.email),
        bankName: c.banking.bankName,
        accountType: c.banking.accountType,
        accountHolderName: c.banking.accountHolderName,
        routingNumberEncrypted: encryptSecret(key, c.banking.routingNumber),
        accountNumberEncrypted: encryptSecret(key, c.banking.accountNumber),
        routingNumberLast4: lastFour(c.banking.routingNumber),
        accountNumberLast4: lastFour(c.banking.accountNumber),
        createdAt,
        updatedAt: createdAt,
      },
    ];
  });
  if (banking.length > 0) {
    await s.tx
      .insert(contractorBanking)
      .values(banking)
      .onConflictDoNothing({ target: contractorBanking.contractorId });
  }

  const taxInfo = demoContractors.flatMap((c) => {
    if (!c.taxInfo) return [];
    const t = c.taxInfo;
    const createdAt = s.at(c.user.createdDaysAgo - 0.2);
    return [
      {
        contractorId: s.profileId(c.user.email),
        businessName: t.businessName,
        businessType: t.businessType,
        businessAddress: t.businessAddress,
        businessCity: c.businessCity,
        businessState: c.businessState,
        businessZip: c.businessZip,
        einEncrypted: t.ein ? encryptSecret(key, t.ein) : null,
        ssnEncrypted: t.ssn ? encryptSecret(key, t.ssn) : null,
        einLast4: t.ein ? lastFour(t.ein) : null,
        ssnLast4: t.ssn ? lastFour(t.ssn) : null,
        w9Document: t.w9Document ?? null,
        createdAt,
        updatedAt: createdAt,
      },
    ];
  });
  if (taxInfo.length > 0) {
    await s.tx
      .insert(contractorTaxInfo)
      .values(taxInfo)
      .onConflictDoNothing({ target: contractorTaxInfo.contractorId });
  }
}

function profileRow(
  s: SeedState,
  c: DemoContractor,
  adminId: string,
): typeof contractorProfiles.$inferInsert {
  const createdAt = s.at(c.user.createdDaysAgo - 0.05);
  const decidedAt = c.decidedDaysAgo === undefined ? null : s.at(c.decidedDaysAgo);
  return {
    userId: s.userId(c.user.email),
    companyName: c.companyName,
    contactName: `${c.user.firstName} ${c.user.lastName}`,
    contactEmail: c.user.email,
    contactPhone: c.user.phone,
    businessAddress: `${c.street}, ${c.businessCity}, ${c.businessState} ${c.businessZip}`,
    businessCity: c.businessCity,
    businessState: c.businessState,
    businessZip: c.businessZip,
    website: c.website ?? null,
    workingStates: c.workingStates,
    travelDistance: c.travelDistance,
    specialties: c.specialties,
    yearsExperience: c.yearsExperience,
    totalProjects: c.totalProjects,
    isAvailable: c.isAvailable,
    verificationStatus: c.verificationStatus,
    verificationNotes: c.verificationNotes ?? null,
    verifiedAt: decidedAt,
    verifiedBy: decidedAt ? adminId : null,
    profileCompletionStatus: c.profileCompletionStatus,
    insuranceData: c.insurance ? insuranceData(s, c.insurance) : null,
    paymentSetupCompleted: c.banking !== undefined && c.taxInfo !== undefined,
    createdAt,
    updatedAt: decidedAt ?? createdAt,
  };
}

/** The insurance step's JSON (credentials.ts StoredInsurance), with expiration dates as calendar dates. */
function insuranceData(s: SeedState, i: DemoInsurance): StoredInsurance {
  const gl = i.generalLiability;
  const wc = i.workersCompensation;
  const dollars = (amount: string) => Number(amount.replace(/[$,\s]/g, ''));
  return {
    generalLiability: {
      carrier: gl.carrier,
      policyNumber: gl.policyNumber,
      expirationDate: s.dateIn(gl.expiresInDays),
      coverageAmount: dollars(gl.coverageAmount),
      document: gl.document,
      documentId: null,
    },
    workersCompensation:
      'notRequired' in wc
        ? { notRequired: true }
        : {
            carrier: wc.carrier,
            policyNumber: wc.policyNumber,
            expirationDate: s.dateIn(wc.expiresInDays),
            document: wc.document,
            documentId: null,
            notRequired: false,
          },
    bonding:
      'notRequired' in i.bonding
        ? { notRequired: true }
        : {
            carrier: i.bonding.carrier,
            bondAmount: dollars(i.bonding.bondAmount),
            expirationDate: null,
            document: i.bonding.document,
            documentId: null,
            notRequired: false,
          },
  };
}
