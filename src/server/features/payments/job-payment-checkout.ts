import type { Logger } from 'pino';
import type { JobPaymentIntent } from '../../../domain/payments/job-payment-schemas';
import { type JobPaymentPart, jobPaymentMessages as m } from '../../../domain/payments/job-payments';
import { paymentMessages } from '../../../domain/payments/schemas';
import type { SessionUser } from '../../platform/auth/session-store';
import type { Config } from '../../platform/config';
import { AppError, ConflictError, ForbiddenError } from '../../platform/errors';
import type { ProjectAccessCheck } from '../projects';
import type { JobPaymentRow, JobPaymentsRepo } from './job-payments.repo';
import { type PaymentProvider, ProviderUnavailableError } from './payment-provider';
import type { PaymentsRepo } from './payments.repo';

/** 503: the payment provider could not be reached. */
class ProviderDownError extends AppError {
  constructor() {
    super(503, paymentMessages.providerUnavailable);
  }
}

/**
 * The homeowner's card payment of a due part: a PaymentIntent through the provider (Stripe, or the
 * sandbox), recorded as a `payments` row with job_payment_id; confirmed by the sandbox's confirm
 * endpoint or Stripe's webhook and settled by the payment states like a quote's payment.
 */
export function createJobPaymentCheckout(deps: {
  repo: JobPaymentsRepo;
  paymentsRepo: PaymentsRepo;
  provider: PaymentProvider;
  access: ProjectAccessCheck;
  config: Pick<Config, 'brandName'>;
  log: Logger;
  partOf: (projectId: string, part: JobPaymentPart) => Promise<JobPaymentRow>;
  receiveCard: (providerPaymentId: string) => Promise<void>;
}) {
  const { repo, paymentsRepo, provider, config, log, partOf, receiveCard } = deps;
  /**
   * POST /api/projects/{id}/payments/{part}/intent: the homeowner's card form for a due part.
   * Idempotent: the open intent is answered again; a new one (after a cancellation) has a new
   * idempotency key, so a retried call never creates a second PaymentIntent.
   */
  return async function createIntent(
    user: SessionUser,
    projectId: string,
    part: JobPaymentPart,
  ): Promise<JobPaymentIntent> {
    const granted = await deps.access(user, projectId);
    if (granted.role !== 'homeowner') throw new ForbiddenError(m.onlyHomeowner);
    const row = await partOf(granted.projectId, part);
    if (row.receivedAt) throw new ConflictError(m.alreadyPaid);
    const cards = await repo.cardPaymentsOf([row.id]);
    if (cards.some((c) => c.status === 'succeeded')) {
      await receiveCard(cards.find((c) => c.status === 'succeeded')?.providerPaymentId ?? '');
      throw new ConflictError(m.alreadyPaid);
    }
    try {
      const open = cards.find((c) => !c.cancelledAt && c.amountCents === row.amountCents);
      if (open) {
        const intent = await provider.retrieveIntent(open.providerPaymentId);
        if (intent?.clientSecret) {
          return {
            paymentIntentId: open.providerPaymentId,
            clientSecret: intent.clientSecret,
            amountCents: open.amountCents,
            mode: provider.name,
          };
        }
      }
      const attempt = await repo.countCancelledCardPayments(row.id);
      const intent = await provider.createIntent({
        amountCents: row.amountCents,
        quoteId: null,
        reference: null,
        description: `${config.brandName} job payment (${part})`,
        idempotencyKey: `job-payment:${row.id}:${attempt}`,
      });
      await paymentsRepo.insertPayment({
        quoteId: null,
        provider: provider.name,
        providerPaymentId: intent.id,
        amountCents: intent.amount,
        currency: intent.currency,
        discountCode: null,
        jobPaymentId: row.id,
      });
      if (!intent.clientSecret) throw new ProviderUnavailableError('no client secret');
      return {
        paymentIntentId: intent.id,
        clientSecret: intent.clientSecret,
        amountCents: intent.amount,
        mode: provider.name,
      };
    } catch (err) {
      if (err instanceof ProviderUnavailableError) {
        log.error({ err }, 'payment provider call failed');
        throw new ProviderDownError();
      }
      throw err;
    }
  };
}
