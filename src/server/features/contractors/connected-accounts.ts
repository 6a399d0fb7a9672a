import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { decryptSecret, lastFour } from '../../platform/crypto';
import { lazyModule } from '../../platform/lazy-module';
import type { ContractorsRepo } from './contractors.repo';

/** The SDK, loaded on the first connected account rather than at start-up. */
const stripeSdk = lazyModule<typeof Stripe>('stripe');

/** The bank account a connected account pays out to, in clear only in memory, on its way to Stripe. */
export interface ConnectBankDetails {
  routingNumber: string;
  accountNumber: string;
  accountHolderName: string;
}

/** Stripe Connect Custom accounts (services.ts builds it with Stripe keys; none in the sandbox). */
export interface ConnectProvider {
  /** A Custom account for the company with this bank account; one per idempotency key. */
  createAccount(
    input: { contractorId: string; companyName: string; email: string; bank: ConnectBankDetails },
    idempotencyKey: string,
  ): Promise<{ accountId: string }>;
  /** The bank account added to the account as its default for usd; one per idempotency key. */
  replaceBankAccount(accountId: string, bank: ConnectBankDetails, idempotencyKey: string): Promise<void>;
  /** The account's status now (accounts.retrieve). */
  retrieveStatus(accountId: string): Promise<ConnectAccountStatus>;
  /** A Stripe-hosted onboarding link collecting what is currently due (accountLinks.create). */
  onboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string>;
}

/** Whether Stripe lets the account receive transfers, and how many requirements it has due. */
export interface ConnectAccountStatus {
  transfersActive: boolean;
  requirementsDue: number;
}

/** The part of a Stripe account (retrieved, or in an account.updated event) its status is read from. */
export interface StripeAccountLike {
  id: string;
  capabilities?: { transfers?: string | null } | null;
  requirements?: { currently_due?: string[] | null; past_due?: string[] | null } | null;
}

export function connectStatusOf(account: StripeAccountLike): ConnectAccountStatus {
  const due = new Set([
    ...(account.requirements?.currently_due ?? []),
    ...(account.requirements?.past_due ?? []),
  ]);
  return { transfersActive: account.capabilities?.transfers === 'active', requirementsDue: due.size };
}

/** How long a status asked of Stripe is trusted before a view asks again (the webhook keeps it fresh). */
export const CONNECT_STATUS_TTL_MS = 60_000;

export interface StripeConnectOptions {
  secretKey: string;
  /** Another API address (a local fake in tests). */
  apiBase?: string;
}

function clientOptions(apiBase: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const base = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false } as const;
  if (!apiBase) return base;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...base, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const bankAccount = (bank: ConnectBankDetails) =>
  ({
    object: 'bank_account',
    country: 'US',
    currency: 'usd',
    routing_number: bank.routingNumber,
    account_number: bank.accountNumber,
    account_holder_name: bank.accountHolderName,
    account_holder_type: 'company',
  }) as const;

/** Connect through the official SDK: accounts.create and accounts.createExternalAccount. */
export function createStripeConnect(options: StripeConnectOptions): ConnectProvider {
  let stripe: Stripe | undefined;
  const client = () => {
    stripe ??= new (stripeSdk())(options.secretKey, clientOptions(options.apiBase));
    return stripe;
  };
  return {
    async createAccount(input, idempotencyKey) {
      const account = await client().accounts.create(
        {
          type: 'custom',
          country: 'US',
          business_type: 'company',
          email: input.email,
          company: { name: input.companyName },
          capabilities: { transfers: { requested: true } },
          external_account: bankAccount(input.bank),
          metadata: { contractorId: input.contractorId },
        },
        { idempotencyKey },
      );
      return { accountId: account.id };
    },
    async replaceBankAccount(accountId, bank, idempotencyKey) {
      await client().accounts.createExternalAccount(
        accountId,
        { external_account: bankAccount(bank), default_for_currency: true },
        { idempotencyKey },
      );
    },
    async retrieveStatus(accountId) {
      return connectStatusOf(await client().accounts.retrieve(accountId));
    },
    async onboardingLink(accountId, urls) {
      const link = await client().accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        refresh_url: urls.refreshUrl,
        return_url: urls.returnUrl,
        collection_options: { fields: 'currently_due' },
      });
      return link.url;
    },
  };
}

/** The bank details' version: a digest of their ciphertexts (new at every save), never of the numbers. */
export function bankVersionOf(banking: { routingNumberEncrypted: string; accountNumberEncrypted: string }) {
  return createHash('sha256')
    .update(`${banking.routingNumberEncrypted}|${banking.accountNumberEncrypted}`)
    .digest('hex')
    .slice(0, 24);
}

/** The connected account when it pays out to the bank details in force, else null. */
export function syncedAccountOf(
  banking:
    | {
        stripeAccountId: string | null;
        stripeBankVersion: string | null;
        routingNumberEncrypted: string;
        accountNumberEncrypted: string;
      }
    | undefined,
): string | null {
  if (!banking?.stripeAccountId) return null;
  return banking.stripeBankVersion === bankVersionOf(banking) ? banking.stripeAccountId : null;
}

/** A provider's error without anything it may echo of the request: its type, code and message. */
export function connectErrorSummary(err: unknown) {
  const e = err as { type?: unknown; code?: unknown; message?: unknown };
  return {
    type: String(e?.type ?? 'Error'),
    code: e?.code ? String(e.code) : undefined,
    message: String(e?.message ?? err),
  };
}

export interface ConnectedAccountsDeps {
  repo: ContractorsRepo;
  encryptionKey: Buffer;
  /** The app's public address: Stripe's onboarding link sends the contractor back there. */
  publicUrl: string;
  logger: Logger;
  provider?: ConnectProvider;
}

/**
 * The contractor's Stripe connected account (issue 25 #4): made from the bank details in force
 * the first time it is needed, its external account replaced after the details change. Every
 * call to Stripe carries an idempotency key per contractor and bank-details version, so a retry
 * (after an outage, a crash, or two runs at once) never makes a second account or bank account.
 */
export function createConnectedAccounts(deps: ConnectedAccountsDeps) {
  const { repo, encryptionKey, logger, provider } = deps;

  /**
   * The connected account paying out to the bank details in force: made or brought up to date
   * when needed. Null in the sandbox (no provider), or without a contractor or bank details.
   * Throws when the provider fails (the caller keeps the payout held and tries again later).
   */
  async function ensure(contractorId: string): Promise<string | null> {
    if (!provider) return null;
    const [profile, banking] = await Promise.all([
      repo.profileById(contractorId),
      repo.bankingOf(contractorId),
    ]);
    if (!profile || !banking) return null;
    const synced = syncedAccountOf(banking);
    if (synced) return synced;
    const version = bankVersionOf(banking);
    const bank: ConnectBankDetails = {
      routingNumber: decryptSecret(encryptionKey, banking.routingNumberEncrypted),
      accountNumber: decryptSecret(encryptionKey, banking.accountNumberEncrypted),
      accountHolderName: banking.accountHolderName,
    };
    const log = { contractorId, accountLast4: lastFour(bank.accountNumber) };
    if (!banking.stripeAccountId) {
      const user = await repo.userOf(profile.userId);
      const { accountId } = await provider.createAccount(
        { contractorId, companyName: profile.companyName, email: user?.email ?? profile.contactEmail, bank },
        `connect-account-${contractorId}-${version}`,
      );
      await repo.setConnectedAccount(contractorId, accountId, version);
      logger.info({ ...log, stripeAccountId: accountId }, 'Stripe connected account made');
      return accountId;
    }
    await provider.replaceBankAccount(
      banking.stripeAccountId,
      bank,
      `connect-bank-${contractorId}-${version}`,
    );
    await repo.setConnectedAccount(contractorId, banking.stripeAccountId, version);
    logger.info(
      { ...log, stripeAccountId: banking.stripeAccountId },
      'Stripe connected account: bank account replaced',
    );
    return banking.stripeAccountId;
  }

  /** Stripe's status of the account stored; true when it just became able to receive transfers. */
  async function store(accountId: string, status: ConnectAccountStatus): Promise<boolean> {
    const saved = await repo.setConnectedAccountStatus(accountId, status, new Date());
    if (saved && saved.before !== status.transfersActive) {
      logger.info({ stripeAccountId: accountId, ...status }, 'Stripe connected account status changed');
    }
    return Boolean(saved && status.transfersActive && saved.before !== true);
  }

  /**
   * The account's status asked of Stripe when not known to be ready and not asked in the last
   * minute (`force`: whatever the minute). A failure is logged, the stored status kept.
   */
  async function refreshStatus(contractorId: string, force = false): Promise<void> {
    if (!provider) return;
    const banking = await repo.bankingOf(contractorId);
    if (!banking?.stripeAccountId || banking.stripeTransfersActive) return;
    const checked = banking.stripeStatusCheckedAt?.getTime() ?? 0;
    if (!force && Date.now() - checked < CONNECT_STATUS_TTL_MS) return;
    try {
      await store(banking.stripeAccountId, await provider.retrieveStatus(banking.stripeAccountId));
    } catch (err) {
      logger.warn(
        { err: connectErrorSummary(err), contractorId },
        'Stripe connected account status not read',
      );
    }
  }

  return {
    ensure,
    refreshStatus,
    /** The account.updated webhook: its status stored; true when it just became ready (send what was held). */
    accountUpdated(account: StripeAccountLike): Promise<boolean> {
      return store(account.id, connectStatusOf(account));
    },
    /**
     * Stripe's onboarding link for what the account has due (made first if needed); null in the
     * sandbox or without bank details. The next view asks Stripe again (the contractor returns).
     */
    async verificationLink(contractorId: string): Promise<string | null> {
      const accountId = await ensure(contractorId);
      if (!provider || !accountId) return null;
      const base = deps.publicUrl;
      const url = await provider.onboardingLink(accountId, {
        refreshUrl: `${base}/contractor-dashboard?stripe=refresh`,
        returnUrl: `${base}/contractor-dashboard?stripe=return`,
      });
      await repo.setConnectedAccountStatus(accountId, null, null);
      return url;
    },
    /** After bank details were saved: ensure, a failure only logged (the payouts job tries again). */
    async refresh(contractorId: string): Promise<void> {
      if (!provider) return;
      await ensure(contractorId).catch((err) =>
        logger.warn(
          { err: connectErrorSummary(err), contractorId },
          'Stripe connected account not updated; the next payout run tries again',
        ),
      );
    },
  };
}

export type ConnectedAccounts = ReturnType<typeof createConnectedAccounts>;
