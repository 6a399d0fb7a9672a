import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../platform/db/index';
import { sandboxTransfers } from '../../platform/db/schema';
import { lazyModule } from '../../platform/lazy-module';

/** The SDK, loaded on the first transfer rather than at start-up. */
const stripeSdk = lazyModule<typeof Stripe>('stripe');

export interface TransferInput {
  /** The payout id: the provider makes one transfer per key, however often it is asked. */
  idempotencyKey: string;
  amountCents: number;
  accountLast4: string;
  stripeAccountId?: string | null;
  projectId: string;
}

/** Sends money to a contractor: the sandbox's recorded transfer, or a Stripe Connect transfer. */
export interface PayoutTransport {
  name: 'sandbox' | 'stripe';
  /** Whether this transport needs a Stripe connected account to send to. */
  needsConnectedAccount: boolean;
  /** The provider's transfer id; the same for the same idempotency key. */
  transfer(input: TransferInput): Promise<{ transferId: string }>;
}

/**
 * Without Stripe keys: a transfer recorded to the account's last four digits, kept once per
 * idempotency key (a second call with the same key answers the first transfer), as a provider does.
 */
export function createSandboxTransport(db: Db): PayoutTransport {
  return {
    name: 'sandbox',
    needsConnectedAccount: false,
    async transfer(input) {
      await db
        .insert(sandboxTransfers)
        .values({
          id: `tr_sandbox_${randomBytes(9).toString('hex')}`,
          idempotencyKey: input.idempotencyKey,
          amountCents: input.amountCents,
          destinationLast4: input.accountLast4,
        })
        .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey });
      const [row] = await db
        .select({ id: sandboxTransfers.id })
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, input.idempotencyKey));
      if (!row) throw new Error('sandbox transfer vanished');
      return { transferId: row.id };
    },
  };
}

export interface StripeTransportOptions {
  secretKey: string;
  /** Another API address (a local fake in tests). */
  apiBase?: string;
}

/** Stripe Connect: a transfer to the contractor's connected account, idempotent by the payout id. */
export function createStripeTransport(options: StripeTransportOptions): PayoutTransport {
  const base = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false } as const;
  let clientOptions: ConstructorParameters<typeof Stripe>[1] = base;
  if (options.apiBase) {
    const url = new URL(options.apiBase);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    clientOptions = {
      ...base,
      host: url.hostname,
      port: url.port || (protocol === 'http' ? 80 : 443),
      protocol,
    };
  }
  let stripe: Stripe | undefined;
  return {
    name: 'stripe',
    needsConnectedAccount: true,
    async transfer(input) {
      if (!input.stripeAccountId) throw new Error('no connected account to transfer to');
      stripe ??= new (stripeSdk())(options.secretKey, clientOptions);
      const transfer = await stripe.transfers.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          destination: input.stripeAccountId,
          transfer_group: `project_${input.projectId}`,
          metadata: { payoutId: input.idempotencyKey, projectId: input.projectId },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { transferId: transfer.id };
    },
  };
}
