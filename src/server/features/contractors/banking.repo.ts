import { and, asc, eq, sql } from 'drizzle-orm';
import { type AuditEntry, audit } from '../../platform/audit';
import type { Db } from '../../platform/db/index';
import {
  contractorBankChanges,
  contractorBanking,
  contractorProfiles,
  users,
} from '../../platform/db/schema';
import type { MailExecutor } from '../../platform/mail/types';
import type { BankChangeRow, ProfileRow } from './contractor-detail';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type NewBanking = typeof contractorBanking.$inferInsert;
export type NewBankChange = typeof contractorBankChanges.$inferInsert;

/** The hold a pending bank change puts on payouts; a decision lifts only this one. */
export const BANK_CHANGE_HOLD = 'bank_change_review';

/** A pending bank change with its contractor, account and the account in force (the admins' list). */
export interface BankChangeForReview {
  change: BankChangeRow;
  profile: ProfileRow;
  user: { email: string; firstName: string | null };
  current: typeof contractorBanking.$inferSelect | undefined;
}

/** A contractor's bank account and the changes to it after set-up (held, reviewed): part of the contractors repo. */
export function createBankingRepo(db: Db) {
  return {
    async bankingOf(contractorId: string) {
      const [row] = await db
        .select()
        .from(contractorBanking)
        .where(eq(contractorBanking.contractorId, contractorId))
        .limit(1);
      return row;
    },

    /** The Stripe connected account and the bank-details version it pays out to (connected-accounts.ts). */
    async setConnectedAccount(contractorId: string, stripeAccountId: string, version: string): Promise<void> {
      await db
        .update(contractorBanking)
        .set({ stripeAccountId, stripeBankVersion: version })
        .where(eq(contractorBanking.contractorId, contractorId));
    },

    /**
     * The connected account's status as Stripe last told it; the previous `transfersActive` (null
     * when no banking row holds this account). `checked`: when Stripe was asked (null: make the next
     * view ask again).
     */
    async setConnectedAccountStatus(
      stripeAccountId: string,
      status: { transfersActive: boolean; requirementsDue: number } | null,
      checked: Date | null,
    ): Promise<{ before: boolean | null } | null> {
      const [before] = await db
        .select({ active: contractorBanking.stripeTransfersActive })
        .from(contractorBanking)
        .where(eq(contractorBanking.stripeAccountId, stripeAccountId))
        .limit(1);
      if (!before) return null;
      await db
        .update(contractorBanking)
        .set({
          ...(status
            ? { stripeTransfersActive: status.transfersActive, stripeRequirementsDue: status.requirementsDue }
            : {}),
          stripeStatusCheckedAt: checked,
        })
        .where(eq(contractorBanking.stripeAccountId, stripeAccountId));
      return { before: before.active };
    },

    async upsertBanking(values: NewBanking, entry: AuditEntry): Promise<ProfileRow> {
      return db.transaction(async (tx) => {
        const { contractorId: _, createdAt: __, ...changes } = values;
        await tx
          .insert(contractorBanking)
          .values(values)
          .onConflictDoUpdate({
            target: contractorBanking.contractorId,
            set: { ...changes, updatedAt: new Date() },
          });
        const [row] = await tx
          .update(contractorProfiles)
          .set({ updatedAt: new Date() })
          .where(eq(contractorProfiles.id, values.contractorId))
          .returning();
        if (!row) throw new Error('contractor profile vanished');
        await audit(tx, entry);
        return row;
      });
    },

    /**
     * A change of bank details after the payment set-up: kept pending beside the account in force,
     * an earlier pending change superseded, the contractor's payouts held, the audit row and the
     * mail to the account stored, all in one transaction. The profile row is locked first (as the
     * review does), so concurrent requests queue and one pending change remains.
     */
    async requestBankChange(
      values: NewBankChange & { contractorId: string },
      entry: (superseded: string[], change: BankChangeRow) => AuditEntry,
      storeMail: (tx: MailExecutor) => Promise<{ id: string } | null>,
    ): Promise<{ profile: ProfileRow; change: BankChangeRow; mailId: string | null }> {
      return db.transaction(async (tx: Tx) => {
        const [locked] = await tx
          .select({ id: contractorProfiles.id })
          .from(contractorProfiles)
          .where(eq(contractorProfiles.id, values.contractorId))
          .for('update');
        if (!locked) throw new Error('contractor profile vanished');
        const superseded = await tx
          .update(contractorBankChanges)
          .set({ status: 'superseded' })
          .where(
            and(
              eq(contractorBankChanges.contractorId, values.contractorId),
              eq(contractorBankChanges.status, 'pending'),
            ),
          )
          .returning({ id: contractorBankChanges.id });
        const [change] = await tx
          .insert(contractorBankChanges)
          .values({ ...values, status: 'pending' })
          .returning();
        if (!change) throw new Error('bank change insert returned nothing');
        const [row] = await tx
          .update(contractorProfiles)
          .set({ payoutHoldReason: BANK_CHANGE_HOLD, updatedAt: new Date() })
          .where(eq(contractorProfiles.id, values.contractorId))
          .returning();
        if (!row) throw new Error('contractor profile vanished');
        await audit(
          tx,
          entry(
            superseded.map((c) => c.id),
            change,
          ),
        );
        const mail = await storeMail(tx);
        return { profile: row, change, mailId: mail?.id ?? null };
      });
    },

    /** Bank changes awaiting review, oldest first, with their contractor and the account in force. */
    async pendingBankChanges(): Promise<BankChangeForReview[]> {
      const rows = await db
        .select({
          change: contractorBankChanges,
          profile: contractorProfiles,
          email: users.email,
          firstName: users.firstName,
          current: contractorBanking,
        })
        .from(contractorBankChanges)
        .innerJoin(contractorProfiles, eq(contractorProfiles.id, contractorBankChanges.contractorId))
        .leftJoin(users, eq(users.id, contractorProfiles.userId))
        .leftJoin(contractorBanking, eq(contractorBanking.contractorId, contractorBankChanges.contractorId))
        .where(eq(contractorBankChanges.status, 'pending'))
        .orderBy(asc(contractorBankChanges.requestedAt), asc(contractorBankChanges.id));
      return rows.map((r) => ({
        change: r.change,
        profile: r.profile,
        user: { email: r.email ?? r.profile.contactEmail, firstName: r.firstName ?? null },
        current: r.current ?? undefined,
      }));
    },

    async bankChangeById(id: string): Promise<BankChangeRow | undefined> {
      const [row] = await db
        .select()
        .from(contractorBankChanges)
        .where(eq(contractorBankChanges.id, id))
        .limit(1);
      return row;
    },

    /**
     * An admin's decision on a pending change, in one transaction with the profile locked first:
     * approved, the change's account replaces the one in force; either way the payout hold it put
     * is lifted, the decision audited and the contractor's mail stored. Undefined when the change
     * is no longer pending (decided, or superseded by a newer request).
     */
    async reviewBankChange(
      change: BankChangeRow,
      decision: { status: 'approved' | 'rejected'; notes: string | null; adminId: string; at: Date },
      entry: AuditEntry,
      storeMail: (tx: MailExecutor) => Promise<{ id: string } | null>,
    ): Promise<{ profile: ProfileRow; change: BankChangeRow; mailId: string | null } | undefined> {
      return db.transaction(async (tx: Tx) => {
        const [locked] = await tx
          .select({ id: contractorProfiles.id })
          .from(contractorProfiles)
          .where(eq(contractorProfiles.id, change.contractorId))
          .for('update');
        if (!locked) return undefined;
        const [decided] = await tx
          .update(contractorBankChanges)
          .set({
            status: decision.status,
            reviewedBy: decision.adminId,
            reviewedAt: decision.at,
            reviewNotes: decision.notes,
          })
          .where(and(eq(contractorBankChanges.id, change.id), eq(contractorBankChanges.status, 'pending')))
          .returning();
        if (!decided) return undefined;
        if (decision.status === 'approved') {
          const account = {
            bankName: decided.bankName,
            accountType: decided.accountType,
            accountHolderName: decided.accountHolderName,
            routingNumberEncrypted: decided.routingNumberEncrypted,
            accountNumberEncrypted: decided.accountNumberEncrypted,
            routingNumberLast4: decided.routingNumberLast4,
            accountNumberLast4: decided.accountNumberLast4,
          };
          await tx
            .insert(contractorBanking)
            .values({
              contractorId: decided.contractorId,
              ...account,
              createdAt: decision.at,
              updatedAt: decision.at,
            })
            .onConflictDoUpdate({
              target: contractorBanking.contractorId,
              set: { ...account, updatedAt: decision.at },
            });
        }
        const [row] = await tx
          .update(contractorProfiles)
          .set({
            payoutHoldReason: sql`case when ${contractorProfiles.payoutHoldReason} = ${BANK_CHANGE_HOLD} then null else ${contractorProfiles.payoutHoldReason} end`,
            updatedAt: decision.at,
          })
          .where(eq(contractorProfiles.id, decided.contractorId))
          .returning();
        if (!row) return undefined;
        await audit(tx, entry);
        const mail = await storeMail(tx);
        return { profile: row, change: decided, mailId: mail?.id ?? null };
      });
    },

    /**
     * Stores the tax step and completes the payment set-up; a profile without a business city,
     * state and ZIP takes those of the tax address (contractor search measures from that ZIP).
     */
  };
}
