import { and, eq, isNotNull } from 'drizzle-orm';
import { firstPartCents } from '../../../domain/payments/job-payments';
import { projects } from '../../platform/db/schema';
import type { SeedState } from './seed-state';

/**
 * The demo's completed and accepted jobs were paid in two parts (issue 25 #3, #4): the first part
 * when the work started, the rest at completion. Each part is a real job payment (the payments
 * feature writes it, recorded as paid outside, "Demo data"), and the payouts feature's ledger and
 * payout hear it as they would a payment received, so the project's Payments panel, Revenue,
 * Total Revenue and the payments panel agree. Warranties are not issued here: only
 * SWRX-2026-0231 carries one (seed-warranties.ts), so a first start renders one certificate, not
 * one per demo job. A second run adds nothing.
 */
export async function seedPayouts(s: SeedState): Promise<void> {
  const done = await s.tx
    .select({
      id: projects.id,
      contractorId: projects.contractorId,
      estimatedCost: projects.estimatedCost,
      finalCost: projects.finalCost,
      startDate: projects.startDate,
      completionDate: projects.completionDate,
      updatedAt: projects.updatedAt,
    })
    .from(projects)
    .where(
      and(
        eq(projects.status, 'completed'),
        isNotNull(projects.contractorId),
        isNotNull(projects.estimatedCost),
        isNotNull(projects.workAcceptedAt),
      ),
    );
  for (const p of done) {
    const total = p.finalCost ?? p.estimatedCost ?? 0;
    if (total <= 1) continue;
    const first = firstPartCents(total, s.platform.config.jobFirstPaymentPercent);
    const finishedAt = p.completionDate ?? p.updatedAt;
    const parts = [
      { part: 'first' as const, amountCents: first, receivedAt: p.startDate ?? finishedAt },
      { part: 'final' as const, amountCents: total - first, receivedAt: finishedAt },
    ];
    for (const part of parts) {
      const paid = await s.platform.jobPayments.insertDemoPaid(s.tx, { projectId: p.id, ...part });
      if (!paid.created) continue;
      await s.platform.payouts.recordPaymentReceived(s.tx, {
        jobPaymentId: paid.id,
        projectId: p.id,
        contractorId: p.contractorId,
        part: part.part,
        amountCents: part.amountCents,
        receivedAt: part.receivedAt,
        method: 'outside',
      });
    }
  }
}
