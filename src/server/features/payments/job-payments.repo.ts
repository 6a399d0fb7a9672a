import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { JobPaymentPart } from '../../../domain/payments/job-payments';
import type { Db } from '../../platform/db/index';
import {
  contractorProfiles,
  jobPaymentRefunds,
  jobPayments,
  payments,
  projects,
  users,
} from '../../platform/db/schema';
import type { Tx } from './payments.repo';

export type JobPaymentRow = typeof jobPayments.$inferSelect;
export type JobPaymentRefundRow = typeof jobPaymentRefunds.$inferSelect;
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/** Queries on job_payments and job_payment_refunds (the payments feature's tables). */
export function createJobPaymentsRepo(db: Db) {
  return {
    /** Asks a part once: a second request (retried, concurrent) answers the first row. */
    async insertRequest(
      tx: Executor,
      values: {
        projectId: string;
        part: JobPaymentPart;
        amountCents: number;
        payerName: string | null;
        payerEmail: string | null;
      },
    ): Promise<{ row: JobPaymentRow; created: boolean }> {
      const [inserted] = await tx
        .insert(jobPayments)
        .values(values)
        .onConflictDoNothing({ target: [jobPayments.projectId, jobPayments.part] })
        .returning();
      if (inserted) return { row: inserted, created: true };
      const [existing] = await tx
        .select()
        .from(jobPayments)
        .where(and(eq(jobPayments.projectId, values.projectId), eq(jobPayments.part, values.part)));
      if (!existing) throw new Error('job payment vanished after a conflicting insert');
      return { row: existing, created: false };
    },

    /**
     * The demo data's paid part (seed): received on the day given, as a payment recorded outside;
     * a second run adds nothing. Answers its id, and whether it was written now.
     */
    async insertDemoPaid(
      tx: Executor,
      v: { projectId: string; part: JobPaymentPart; amountCents: number; receivedAt: Date },
    ): Promise<{ id: string; created: boolean }> {
      const [inserted] = await tx
        .insert(jobPayments)
        .values({
          ...v,
          requestedAt: v.receivedAt,
          receivedCents: v.amountCents,
          method: 'outside',
          outsideReference: 'Demo data',
          outsideReceivedOn: v.receivedAt.toISOString().slice(0, 10),
        })
        .onConflictDoNothing({ target: [jobPayments.projectId, jobPayments.part] })
        .returning({ id: jobPayments.id });
      if (inserted) return { id: inserted.id, created: true };
      const [existing] = await tx
        .select({ id: jobPayments.id })
        .from(jobPayments)
        .where(and(eq(jobPayments.projectId, v.projectId), eq(jobPayments.part, v.part)));
      if (!existing) throw new Error('job payment vanished after a conflicting insert');
      return { id: existing.id, created: false };
    },

    async ofProject(projectId: string, tx: Executor = db): Promise<JobPaymentRow[]> {
      return tx.select().from(jobPayments).where(eq(jobPayments.projectId, projectId));
    },

    async find(id: string, tx: Executor = db): Promise<JobPaymentRow | undefined> {
      const [row] = await tx.select().from(jobPayments).where(eq(jobPayments.id, id)).limit(1);
      return row;
    },

    async byPart(projectId: string, part: JobPaymentPart): Promise<JobPaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(jobPayments)
        .where(and(eq(jobPayments.projectId, projectId), eq(jobPayments.part, part)))
        .limit(1);
      return row;
    },

    /** The row under its lock, in the caller's transaction. */
    async lock(tx: Tx, id: string): Promise<JobPaymentRow | undefined> {
      const [row] = await tx.select().from(jobPayments).where(eq(jobPayments.id, id)).for('update');
      return row;
    },

    async update(tx: Executor, id: string, set: Partial<JobPaymentRow>): Promise<JobPaymentRow | undefined> {
      const [row] = await tx
        .update(jobPayments)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(jobPayments.id, id))
        .returning();
      return row;
    },

    async setReceipt(id: string, key: string): Promise<void> {
      await db.update(jobPayments).set({ receiptKey: key }).where(eq(jobPayments.id, id));
    },

    /** The card payments made for job payments, newest first. */
    async cardPaymentsOf(jobPaymentIds: string[]) {
      if (jobPaymentIds.length === 0) return [];
      return db
        .select()
        .from(payments)
        .where(inArray(payments.jobPaymentId, jobPaymentIds))
        .orderBy(desc(payments.createdAt));
    },

    async countCancelledCardPayments(jobPaymentId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(and(eq(payments.jobPaymentId, jobPaymentId), isNotNull(payments.cancelledAt)));
      return Number(row?.n ?? 0);
    },

    /** Card payments that succeeded for a part not recorded as received (a crash between the two). */
    async succeededNotReceived(limit = 100) {
      return db
        .select({ providerPaymentId: payments.providerPaymentId })
        .from(payments)
        .innerJoin(jobPayments, eq(jobPayments.id, payments.jobPaymentId))
        .where(and(eq(payments.status, 'succeeded'), isNull(jobPayments.receivedAt)))
        .limit(limit);
    },

    async receivedWithoutReceipt(limit = 100): Promise<JobPaymentRow[]> {
      return db
        .select()
        .from(jobPayments)
        .where(
          and(
            isNull(jobPayments.receiptKey),
            // a crash leaves a receipt unmade for moments; an older one (the demo data's) is made
            // at its first download
            gte(jobPayments.receivedAt, sql`now() - interval '7 days'`),
          ),
        )
        .limit(limit);
    },

    async refundsOf(jobPaymentIds: string[]): Promise<JobPaymentRefundRow[]> {
      if (jobPaymentIds.length === 0) return [];
      return db
        .select()
        .from(jobPaymentRefunds)
        .where(inArray(jobPaymentRefunds.jobPaymentId, jobPaymentIds))
        .orderBy(asc(jobPaymentRefunds.createdAt));
    },

    /** A refund request, once per request id: the same id answers the first row. */
    async insertRefund(
      tx: Executor,
      values: {
        jobPaymentId: string;
        requestId: string;
        amountCents: number;
        reason: string;
        createdBy: string;
      },
    ): Promise<{ row: JobPaymentRefundRow; created: boolean }> {
      const [inserted] = await tx
        .insert(jobPaymentRefunds)
        .values(values)
        .onConflictDoNothing({ target: jobPaymentRefunds.requestId })
        .returning();
      if (inserted) return { row: inserted, created: true };
      const [existing] = await tx
        .select()
        .from(jobPaymentRefunds)
        .where(eq(jobPaymentRefunds.requestId, values.requestId));
      if (!existing) throw new Error('refund vanished after a conflicting insert');
      return { row: existing, created: false };
    },

    async findRefundByRequest(tx: Executor, requestId: string): Promise<JobPaymentRefundRow | undefined> {
      const [row] = await tx
        .select()
        .from(jobPaymentRefunds)
        .where(eq(jobPaymentRefunds.requestId, requestId))
        .limit(1);
      return row;
    },

    async findRefund(id: string, tx: Executor = db): Promise<JobPaymentRefundRow | undefined> {
      const [row] = await tx.select().from(jobPaymentRefunds).where(eq(jobPaymentRefunds.id, id)).limit(1);
      return row;
    },

    /** pending -> succeeded, once: null when it already was. */
    async markRefundSucceeded(
      tx: Executor,
      id: string,
      providerRefundId: string | null,
      at: Date,
    ): Promise<JobPaymentRefundRow | undefined> {
      const [row] = await tx
        .update(jobPaymentRefunds)
        .set({ status: 'succeeded', providerRefundId, refundedAt: at })
        .where(and(eq(jobPaymentRefunds.id, id), eq(jobPaymentRefunds.status, 'pending')))
        .returning();
      return row;
    },

    /** Cents of a part's refunds still pending (counted against what may be refunded). */
    async pendingRefundCents(tx: Executor, jobPaymentId: string): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`coalesce(sum(${jobPaymentRefunds.amountCents}), 0)::int` })
        .from(jobPaymentRefunds)
        .where(
          and(eq(jobPaymentRefunds.jobPaymentId, jobPaymentId), eq(jobPaymentRefunds.status, 'pending')),
        );
      return Number(row?.n ?? 0);
    },

    async pendingRefunds(limit = 100): Promise<JobPaymentRefundRow[]> {
      return db
        .select()
        .from(jobPaymentRefunds)
        .where(eq(jobPaymentRefunds.status, 'pending'))
        .orderBy(asc(jobPaymentRefunds.createdAt))
        .limit(limit);
    },

    /** What a receipt and a notice say of a project: its title, address, people. */
    async projectFacts(projectId: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          id: projects.id,
          title: projects.title,
          status: projects.status,
          address: projects.address,
          city: projects.city,
          state: projects.state,
          zipCode: projects.zipCode,
          estimatedCost: projects.estimatedCost,
          finalCost: projects.finalCost,
          homeownerId: projects.homeownerId,
          homeownerName: projects.homeownerName,
          homeownerEmail: projects.homeownerEmail,
          userFirstName: users.firstName,
          userLastName: users.lastName,
          userEmail: users.email,
          contractorId: projects.contractorId,
          contractorUserId: contractorProfiles.userId,
          companyName: contractorProfiles.companyName,
        })
        .from(projects)
        .leftJoin(users, eq(users.id, projects.homeownerId))
        .leftJoin(contractorProfiles, eq(contractorProfiles.id, projects.contractorId))
        .where(eq(projects.id, projectId))
        .limit(1);
      return row;
    },

    async adminIds(): Promise<string[]> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.userType, 'admin'));
      return rows.map((r) => r.id);
    },
  };
}

export type JobPaymentsRepo = ReturnType<typeof createJobPaymentsRepo>;
