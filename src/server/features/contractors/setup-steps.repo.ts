import { eq, sql } from 'drizzle-orm';
import type { StoredInsurance } from '../../../domain/contractors/credentials';
import { type AuditEntry, audit } from '../../platform/audit';
import type { Db } from '../../platform/db/index';
import { contractorLicenses, contractorProfiles, contractorTaxInfo } from '../../platform/db/schema';
import type { ProfileRow } from './contractor-detail';

export type NewLicense = typeof contractorLicenses.$inferInsert;
type NewTax = typeof contractorTaxInfo.$inferInsert;

/**
 * The writes of the profile set-up steps (licences, insurance, tax), each with the profile's
 * completion status and its audit row in one transaction: part of the contractors repo.
 */
export function createSetupStepsRepo(db: Db) {
  return {
    async setCompletionStatus(contractorId: string, status: string, entry: AuditEntry): Promise<ProfileRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(contractorProfiles)
          .set({ profileCompletionStatus: status, updatedAt: new Date() })
          .where(eq(contractorProfiles.id, contractorId))
          .returning();
        if (!row) throw new Error('contractor profile vanished');
        await audit(tx, entry);
        return row;
      });
    },

    /** Replaces every licence row of the contractor, and moves the profile's status, together. */
    async replaceLicenses(
      contractorId: string,
      rows: NewLicense[],
      status: string,
      entry: AuditEntry,
    ): Promise<ProfileRow> {
      return db.transaction(async (tx) => {
        await tx.delete(contractorLicenses).where(eq(contractorLicenses.contractorId, contractorId));
        if (rows.length > 0) await tx.insert(contractorLicenses).values(rows);
        const [row] = await tx
          .update(contractorProfiles)
          .set({ profileCompletionStatus: status, updatedAt: new Date() })
          .where(eq(contractorProfiles.id, contractorId))
          .returning();
        if (!row) throw new Error('contractor profile vanished');
        await audit(tx, entry);
        return row;
      });
    },

    /**
     * Stores the insurance step: the profile is complete, and an application waiting for it
     * (pending) or refused (rejected) goes to the admins (pending_verification); a verified
     * contractor renewing a policy stays verified.
     */
    async saveInsurance(
      contractorId: string,
      insurance: StoredInsurance,
      status: string,
      entry: (
        before: ProfileRow['verificationStatus'],
        after: ProfileRow['verificationStatus'],
      ) => AuditEntry,
    ): Promise<ProfileRow> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ verificationStatus: contractorProfiles.verificationStatus })
          .from(contractorProfiles)
          .where(eq(contractorProfiles.id, contractorId))
          .for('update');
        if (!before) throw new Error('contractor profile vanished');
        const [row] = await tx
          .update(contractorProfiles)
          .set({
            insuranceData: insurance,
            profileCompletionStatus: status,
            verificationStatus: sql`case when ${contractorProfiles.verificationStatus} in ('pending', 'rejected') then 'pending_verification'::verification_status else ${contractorProfiles.verificationStatus} end`,
            updatedAt: new Date(),
          })
          .where(eq(contractorProfiles.id, contractorId))
          .returning();
        if (!row) throw new Error('contractor profile vanished');
        await audit(tx, entry(before.verificationStatus, row.verificationStatus));
        return row;
      });
    },

    /**
     * Stores the tax step and completes the payment set-up; a profile without a business city,
     * state and ZIP takes those of the tax address (contractor search measures from that ZIP).
     */
    async upsertTax(values: NewTax, entry: AuditEntry): Promise<ProfileRow> {
      return db.transaction(async (tx) => {
        const { contractorId: _, createdAt: __, ...changes } = values;
        await tx
          .insert(contractorTaxInfo)
          .values(values)
          .onConflictDoUpdate({
            target: contractorTaxInfo.contractorId,
            set: { ...changes, updatedAt: new Date() },
          });
        const [row] = await tx
          .update(contractorProfiles)
          .set({
            paymentSetupCompleted: true,
            businessCity: sql`coalesce(${contractorProfiles.businessCity}, ${values.businessCity})`,
            businessState: sql`coalesce(${contractorProfiles.businessState}, ${values.businessState})`,
            businessZip: sql`coalesce(${contractorProfiles.businessZip}, ${values.businessZip})`,
            updatedAt: new Date(),
          })
          .where(eq(contractorProfiles.id, values.contractorId))
          .returning();
        if (!row) throw new Error('contractor profile vanished');
        await audit(tx, entry);
        return row;
      });
    },
  };
}
