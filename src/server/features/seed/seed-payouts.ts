import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { projects } from '../../platform/db/schema';
import type { SeedState } from './seed-state';

/** A fixed uuid per demo payment (so a second seed run finds it already recorded). */
function demoPaymentId(projectId: string, part: 'first' | 'final'): string {
  const h = createHash('sha256').update(`demo-job-payment:${projectId}:${part}`).digest('hex');
  // version 5 (name-based) and the RFC 4122 variant, so it is a valid uuid
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The demo's completed jobs were paid: half of the budget when the work started, the rest at
 * completion, each recorded through the payouts feature (ledger, fee, the contractor's payout,
 * sent by the payouts job at start), so the dashboards' Revenue and the payments panel have data.
 */
export async function seedPayouts(s: SeedState): Promise<void> {
  const done = await s.tx
    .select({
      id: projects.id,
      contractorId: projects.contractorId,
      estimatedCost: projects.estimatedCost,
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
      ),
    );
  for (const p of done) {
    const total = p.estimatedCost ?? 0;
    if (total <= 1) continue;
    const first = Math.floor(total / 2);
    const finishedAt = p.completionDate ?? p.updatedAt;
    const parts = [
      { part: 'first' as const, amountCents: first, receivedAt: p.startDate ?? finishedAt },
      { part: 'final' as const, amountCents: total - first, receivedAt: finishedAt },
    ];
    for (const part of parts) {
      await s.platform.payouts.recordPaymentReceived(s.tx, {
        jobPaymentId: demoPaymentId(p.id, part.part),
        projectId: p.id,
        contractorId: p.contractorId,
        part: part.part,
        amountCents: part.amountCents,
        receivedAt: part.receivedAt,
        method: 'card',
      });
    }
  }
}
