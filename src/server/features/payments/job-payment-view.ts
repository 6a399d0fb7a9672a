import type { JobPayment, JobPayments } from '../../../domain/payments/job-payment-schemas';
import { approvedBudgetCents, jobPaymentParts, jobPaymentState } from '../../../domain/payments/job-payments';
import type { SessionUser } from '../../platform/auth/session-store';
import type { Config } from '../../platform/config';
import type { ProjectAccessCheck } from '../projects';
import type { JobPaymentsRepo } from './job-payments.repo';

/**
 * What a project's party sees of its payments: the two parts (not yet due until asked), their
 * state, amounts, card or outside reference, receipts and refunds. The payer's e-mail is not
 * shown to the contractor.
 */
export function createJobPaymentView(deps: {
  repo: JobPaymentsRepo;
  access: ProjectAccessCheck;
  config: Pick<Config, 'jobFirstPaymentPercent'>;
  /**
   * Asks the provider for an open card payment's state and records it (a browser that paid may
   * come back before Stripe's webhook); for a card already succeeded, waits until its part is
   * recorded (another request may be recording it). True when something may have changed.
   */
  syncCard?: (providerPaymentId: string) => Promise<boolean>;
}) {
  const { repo, config } = deps;

  /** The parts and their card payments, after an open card payment of an unpaid part was synced. */
  async function read(projectId: string) {
    let rows = await repo.ofProject(projectId);
    let cards = await repo.cardPaymentsOf(rows.map((r) => r.id));
    // a succeeded card of a part not received yet too: another request may be recording it
    const open = cards.filter(
      (c) => !c.cancelledAt && rows.some((r) => r.id === c.jobPaymentId && !r.receivedAt),
    );
    let changed = false;
    for (const card of open) if (await deps.syncCard?.(card.providerPaymentId)) changed = true;
    if (changed) {
      rows = await repo.ofProject(projectId);
      cards = await repo.cardPaymentsOf(rows.map((r) => r.id));
    }
    return { rows, cards };
  }

  /** GET /api/projects/{id}/payments: the two parts, their state, amounts, receipts and refunds. */
  return async function view(user: SessionUser, projectId: string, message?: string): Promise<JobPayments> {
    const granted = await deps.access(user, projectId);
    const facts = await repo.projectFacts(granted.projectId);
    const { rows, cards } = await read(granted.projectId);
    const ids = rows.map((r) => r.id);
    const refundRows = await repo.refundsOf(ids);
    const parts = jobPaymentParts.map((part): JobPayment => {
      const row = rows.find((r) => r.part === part);
      const card = row
        ? (cards.find((c) => c.id === row.paymentId) ??
          cards.find((c) => c.jobPaymentId === row.id && !c.cancelledAt))
        : undefined;
      const state = jobPaymentState(
        row
          ? {
              receivedCents: row.receivedCents,
              refundedCents: row.refundedCents,
              cardStatus: card?.status ?? null,
            }
          : null,
      );
      return {
        part,
        state,
        id: row?.id ?? null,
        amountCents: row?.amountCents ?? null,
        receivedCents: row?.receivedCents ?? null,
        refundedCents: row?.refundedCents ?? 0,
        method: row?.method ?? null,
        requestedAt: row?.requestedAt.toISOString() ?? null,
        receivedAt: row?.receivedAt?.toISOString() ?? null,
        outsideReference: row?.outsideReference ?? null,
        cardLast4: row?.method === 'card' ? (card?.cardLast4 ?? null) : null,
        payerName: row?.payerName ?? null,
        payerEmail: granted.role === 'contractor' ? null : (row?.payerEmail ?? null),
        receiptUrl: row?.receivedAt ? `/api/projects/${granted.projectId}/payments/${row.id}/receipt` : null,
        refunds: refundRows
          .filter((r) => r.jobPaymentId === row?.id)
          .map((r) => ({
            id: r.id,
            amountCents: r.amountCents,
            reason: r.reason,
            status: r.status,
            createdAt: r.createdAt.toISOString(),
          })),
      };
    });
    return {
      projectId: granted.projectId,
      budgetCents: facts ? approvedBudgetCents(facts) : null,
      firstPercent: config.jobFirstPaymentPercent,
      canPay: granted.role === 'homeowner',
      parts,
      ...(message ? { message } : {}),
    };
  };
}
