import { and, asc, eq, inArray } from 'drizzle-orm';
import { type AuditEntry, audit } from '../../platform/audit';
import type { Db } from '../../platform/db/index';
import { contractorCredentialNotices, contractorDocuments } from '../../platform/db/schema';
import type { MailExecutor } from '../../platform/mail/types';
import type { DocumentRow } from './contractor-detail';

export type NewDocument = typeof contractorDocuments.$inferInsert;

export interface NewNotice {
  contractorId: string;
  kind: string;
  state: string | null;
  expirationDate: string;
  status: 'expiring' | 'expired';
  notifiedAt: Date;
}

/**
 * A contractor's licence, insurance and W-9 documents, and the notices mailed when a licence or
 * policy expires: part of the contractors repo.
 */
export function createCredentialsRepo(db: Db) {
  return {
    async insertDocument(values: NewDocument, entry: AuditEntry): Promise<DocumentRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(contractorDocuments).values(values).returning();
        if (!row) throw new Error('document insert returned nothing');
        await audit(tx, entry);
        return row;
      });
    },

    async documentById(id: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(contractorDocuments)
        .where(eq(contractorDocuments.id, id))
        .limit(1);
      return row;
    },

    /** The contractor's documents among `ids` (others' and unknown ids are left out). */
    async documentsOfContractor(contractorId: string, ids: string[]): Promise<DocumentRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(contractorDocuments)
        .where(and(eq(contractorDocuments.contractorId, contractorId), inArray(contractorDocuments.id, ids)));
    },

    /**
     * Records the notices not recorded before (the unique key decides, also under concurrency) and
     * lets the caller store the one mail about them in the same transaction. Answers the notices
     * that were new and the mail's id.
     */
    async recordNotices(
      notices: NewNotice[],
      storeMail: (tx: MailExecutor, fresh: NewNotice[]) => Promise<{ id: string } | null>,
    ): Promise<{ fresh: NewNotice[]; mailId: string | null }> {
      if (notices.length === 0) return { fresh: [], mailId: null };
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(contractorCredentialNotices)
          .values(notices)
          .onConflictDoNothing()
          .returning();
        const fresh = inserted.map((n) => ({
          contractorId: n.contractorId,
          kind: n.kind,
          state: n.state,
          expirationDate: n.expirationDate,
          status: n.status as NewNotice['status'],
          notifiedAt: n.notifiedAt,
        }));
        if (fresh.length === 0) return { fresh, mailId: null };
        const mail = await storeMail(tx, fresh);
        return { fresh, mailId: mail?.id ?? null };
      });
    },

    async noticesOf(contractorId: string) {
      return db
        .select()
        .from(contractorCredentialNotices)
        .where(eq(contractorCredentialNotices.contractorId, contractorId))
        .orderBy(asc(contractorCredentialNotices.notifiedAt));
    },
  };
}
