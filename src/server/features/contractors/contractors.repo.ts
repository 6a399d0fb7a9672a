import { and, asc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { type AuditEntry, audit } from '../../platform/audit';
import type { Db } from '../../platform/db/index';
import { cursorKeyOf, type Keyset, keysetPage, newestFirst } from '../../platform/db/keyset';
import {
  contractorBankChanges,
  contractorBanking,
  contractorDocuments,
  contractorLicenses,
  contractorProfiles,
  contractorTaxInfo,
  users,
} from '../../platform/db/schema';
import { contractorRatingSql, reviewCountSql } from '../reviews';
import { createBankingRepo } from './banking.repo';
import type { ProfileParts, ProfileRow } from './contractor-detail';
import { createCredentialsRepo } from './credentials.repo';
import { createSetupStepsRepo } from './setup-steps.repo';

/** A page of profiles and the cursor of the next one. */
type ProfilePage = { rows: ProfileRow[]; nextCursor: string | null };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type NewProfile = typeof contractorProfiles.$inferInsert;

/**
 * Contractor profiles and what hangs off them: licences, documents, banking, tax, expiry notices.
 * The bank account, the credentials and the set-up steps' writes are query modules of their own.
 */
export function createContractorsRepo(db: Db) {
  /** Every part of the detail of these profiles, in a handful of queries whatever their number. */
  async function partsOf(profiles: ProfileRow[]): Promise<ProfileParts[]> {
    if (profiles.length === 0) return [];
    const ids = profiles.map((p) => p.id);
    const userIds = profiles.map((p) => p.userId);
    const [people, licenses, documents, banking, tax, bankChanges, ratings] = await Promise.all([
      db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          emailConfirmed: users.isVerified,
        })
        .from(users)
        .where(inArray(users.id, userIds)),
      db.select().from(contractorLicenses).where(inArray(contractorLicenses.contractorId, ids)),
      db
        .select()
        .from(contractorDocuments)
        .where(inArray(contractorDocuments.contractorId, ids))
        .orderBy(asc(contractorDocuments.createdAt), asc(contractorDocuments.id)),
      db.select().from(contractorBanking).where(inArray(contractorBanking.contractorId, ids)),
      db.select().from(contractorTaxInfo).where(inArray(contractorTaxInfo.contractorId, ids)),
      db
        .select()
        .from(contractorBankChanges)
        .where(
          and(inArray(contractorBankChanges.contractorId, ids), eq(contractorBankChanges.status, 'pending')),
        ),
      // the ratings of these ids from their reviews alone (reading the profiles again by id
      // would scan contractor_profiles at size: issue 26 item 3)
      db
        .select({ id: sql<string>`u.id`, rating: contractorRatingSql('u'), reviewCount: reviewCountSql('u') })
        .from(
          sql`unnest(array[${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}]::uuid[]) as u(id)`,
        ),
    ]);
    return profiles.map((profile) => {
      const user = people.find((u) => u.id === profile.userId);
      return {
        profile,
        user: user ?? { firstName: null, lastName: null, email: profile.contactEmail, emailConfirmed: false },
        licenses: licenses.filter((l) => l.contractorId === profile.id),
        documents: documents.filter((d) => d.contractorId === profile.id),
        banking: banking.find((b) => b.contractorId === profile.id),
        tax: tax.find((t) => t.contractorId === profile.id),
        pendingBankChange: bankChanges.find((c) => c.contractorId === profile.id),
        rating: ratings.find((r) => r.id === profile.id) ?? { rating: 0, reviewCount: 0 },
      };
    });
  }

  async function profilePage(
    keyset: Keyset,
    cursor: string | undefined,
    limit: number,
    where?: SQL,
  ): Promise<ProfilePage> {
    const page = await keysetPage(
      keyset,
      cursor,
      limit,
      (after, order, n) =>
        db
          .select({ p: contractorProfiles, cursorKey: cursorKeyOf(keyset) })
          .from(contractorProfiles)
          .where(and(where, after))
          .orderBy(order)
          .limit(n),
      (r) => r.p.id,
    );
    return { rows: page.rows.map((r) => r.p), nextCursor: page.nextCursor };
  }

  return {
    ...createBankingRepo(db),
    ...createCredentialsRepo(db),
    ...createSetupStepsRepo(db),
    partsOf,

    async profileOfUser(userId: string): Promise<ProfileRow | undefined> {
      const [row] = await db
        .select()
        .from(contractorProfiles)
        .where(eq(contractorProfiles.userId, userId))
        .limit(1);
      return row;
    },

    async profileById(id: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(contractorProfiles).where(eq(contractorProfiles.id, id)).limit(1);
      return row;
    },

    /** The new profile, or undefined when the user has one already (the unique index on user_id decides). */
    async insertProfileIfAbsent(values: NewProfile, entry: AuditEntry): Promise<ProfileRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contractorProfiles)
          .values(values)
          .onConflictDoNothing({ target: contractorProfiles.userId })
          .returning();
        if (row) await audit(tx, { ...entry, entityId: row.id });
        return row;
      });
    },

    /** A page of the applications awaiting a decision, oldest first (GET /api/admin/contractors/pending). */
    async pendingProfiles(cursor: string | undefined, limit: number): Promise<ProfilePage> {
      const keyset: Keyset = {
        name: 'createdAt.asc',
        key: contractorProfiles.createdAt,
        id: contractorProfiles.id,
        kinds: ['moment', 'uuid'],
        order: 'asc',
      };
      return profilePage(
        keyset,
        cursor,
        limit,
        inArray(contractorProfiles.verificationStatus, ['pending', 'pending_verification']),
      );
    },

    /** A page of every profile, newest application first (the admins' contractor list). */
    async allProfiles(cursor: string | undefined, limit: number): Promise<ProfilePage> {
      return profilePage(newestFirst(contractorProfiles.createdAt, contractorProfiles.id), cursor, limit);
    },

    /** Profiles whose credentials the expiry job watches (all but rejected ones), a page at a time by id. */
    async watchedProfiles(afterId: string | null, limit: number): Promise<ProfileRow[]> {
      return db
        .select()
        .from(contractorProfiles)
        .where(
          and(
            ne(contractorProfiles.verificationStatus, 'rejected'),
            afterId ? gt(contractorProfiles.id, afterId) : undefined,
          ),
        )
        .orderBy(asc(contractorProfiles.id))
        .limit(limit);
    },

    async licensesOfMany(contractorIds: string[]) {
      if (contractorIds.length === 0) return [];
      return db
        .select()
        .from(contractorLicenses)
        .where(inArray(contractorLicenses.contractorId, contractorIds));
    },

    /**
     * The admin's decision, its audit row and the contractor's mail (stored in the same
     * transaction: the mail exists exactly when the decision does). Undefined for an unknown id.
     */
    async decide(
      contractorId: string,
      decision: {
        status: 'verified' | 'rejected';
        notes: string | null;
        adminId: string;
        at: Date;
      },
      entry: AuditEntry,
      storeMail: (tx: Tx, profile: ProfileRow) => Promise<{ id: string } | null>,
    ): Promise<{ profile: ProfileRow; mailId: string | null } | undefined> {
      return db.transaction(async (tx: Tx) => {
        const [row] = await tx
          .update(contractorProfiles)
          .set({
            verificationStatus: decision.status,
            verificationNotes: decision.notes,
            verifiedAt: decision.at,
            verifiedBy: decision.adminId,
            updatedAt: decision.at,
          })
          .where(eq(contractorProfiles.id, contractorId))
          .returning();
        if (!row) return undefined;
        await audit(tx, entry);
        const mail = await storeMail(tx, row);
        return { profile: row, mailId: mail?.id ?? null };
      });
    },

    async userOf(userId: string) {
      const [row] = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },
  };
}

export type ContractorsRepo = ReturnType<typeof createContractorsRepo>;
