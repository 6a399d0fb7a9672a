import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the few Stripe endpoints the payments adapter calls
 * (create, retrieve and cancel PaymentIntent, create a refund, Connect transfers, Custom accounts and
 * their bank accounts), started inside a test. It honours idempotency keys
 * and lets the test move an intent to succeeded or failed as Stripe would.
 */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: { message: string; code: string } | null;
  created: number;
  livemode: false;
}

export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** A bank account of a connected account: the fake keeps only what Stripe shows of it. */
export interface FakeExternalAccount {
  id: string;
  object: 'bank_account';
  account: string;
  country: string;
  currency: string;
  routing_number: string;
  last4: string;
  account_holder_name: string | null;
  account_holder_type: string | null;
  default_for_currency: boolean;
}

export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  country: string;
  business_type: string | null;
  email: string | null;
  company: { name: string | null };
  capabilities: Record<string, string>;
  metadata: Record<string, string>;
  external_accounts: { object: 'list'; data: FakeExternalAccount[] };
  livemode: false;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  /** Refunds made (POST /v1/refunds), one per idempotency key. */
  refunds: Map<string, FakeRefund>;
  requests: RecordedRequest[];
  intents: Map<string, FakeIntent>;
  /** Connect transfers made (POST /v1/transfers), by id; one per idempotency key. */
  transfers: Map<string, FakeTransfer>;
  /** Connected accounts made (POST /v1/accounts), by id; one per idempotency key. */
  accounts: Map<string, FakeAccount>;
  /** Answer 500 to everything while true. */
  failing: boolean;
  /**
   * Whether accounts made from now on may receive transfers (GET /v1/accounts/:id answers
   * `capabilities.transfers` active and nothing currently due); true unless a test says otherwise.
   */
  newAccountsReady: boolean;
  /** Makes an account ready (transfers active, nothing due) or not (inactive, requirements due). */
  setAccountReady(id: string, ready: boolean): FakeAccount & { requirements: { currently_due: string[] } };
  /** Onboarding links made (POST /v1/account_links): their account, type, URLs and fields. */
  accountLinks: Array<Record<string, string>>;
  succeed(id: string, amountReceived?: number): FakeIntent;
  decline(id: string, message: string): FakeIntent;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const transfers = new Map<string, FakeTransfer>();
  const transferByKey = new Map<string, string>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds = new Map<string, FakeRefund>();
  const refundByKey = new Map<string, string>();
  const accounts = new Map<string, FakeAccount>();
  const accountByKey = new Map<string, string>();
  const externalByKey = new Map<string, FakeExternalAccount>();
  const requests: RecordedRequest[] = [];
  const state = { failing: false, newAccountsReady: true };
  const readyAccounts = new Map<string, boolean>();
  const accountLinks: Array<Record<string, string>> = [];
  /** The account as Stripe answers it: its transfers capability and requirements by readiness. */
  const withStatus = (account: FakeAccount) => {
    const ready = readyAccounts.get(account.id) ?? false;
    return {
      ...account,
      capabilities: { ...account.capabilities, transfers: ready ? 'active' : 'inactive' },
      requirements: {
        currently_due: ready ? [] : ['representative.first_name', 'company.tax_id', 'tos_acceptance.date'],
        past_due: [],
      },
    };
  };

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(body));
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, form });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      res.end(JSON.stringify(json));
    };
    const noSuchIntent = () =>
      send(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
      });
    if (state.failing) return send(500, { error: { type: 'api_error', message: 'Fake outage' } });
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }

    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'];
      const known = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (known) return send(200, intents.get(known));
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_received: 0,
        currency: form.currency ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        description: form.description ?? null,
        receipt_email: form.receipt_email ?? null,
        metadata,
        automatic_payment_methods:
          form['automatic_payment_methods[enabled]'] === 'true' ? { enabled: true } : null,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(id, intent);
      if (typeof key === 'string') byIdempotencyKey.set(key, id);
      return send(200, intent);
    }

    if (req.method === 'POST' && path === '/v1/refunds') {
      const key = req.headers['idempotency-key'];
      const known = typeof key === 'string' ? refundByKey.get(key) : undefined;
      if (known) return send(200, refunds.get(known));
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) return noSuchIntent();
      const refunded = [...refunds.values()]
        .filter((r) => r.payment_intent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = Number(form.amount ?? intent.amount_received - refunded);
      if (intent.status !== 'succeeded' || amount > intent.amount_received - refunded) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: 'Refund too large',
          },
        });
      }
      const refund: FakeRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        payment_intent: intent.id,
        status: 'succeeded',
        metadata: { reason: form['metadata[reason]'] ?? '' },
      };
      refunds.set(refund.id, refund);
      if (typeof key === 'string') refundByKey.set(key, refund.id);
      return send(200, refund);
    }

    if (req.method === 'POST' && path === '/v1/transfers') {
      const key = req.headers['idempotency-key'];
      const known = typeof key === 'string' ? transferByKey.get(key) : undefined;
      if (known) return send(200, transfers.get(known));
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      const transfer: FakeTransfer = {
        id: `tr_${randomBytes(12).toString('hex')}`,
        object: 'transfer',
        amount: Number(form.amount),
        currency: form.currency ?? 'usd',
        destination: form.destination ?? '',
        transfer_group: form.transfer_group ?? null,
        metadata,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      transfers.set(transfer.id, transfer);
      if (typeof key === 'string') transferByKey.set(key, transfer.id);
      return send(200, transfer);
    }

    if (req.method === 'POST' && path === '/v1/accounts') {
      const key = req.headers['idempotency-key'];
      const known = typeof key === 'string' ? accountByKey.get(key) : undefined;
      if (known) return send(200, accounts.get(known));
      const id = `acct_${randomBytes(8).toString('hex')}`;
      const capabilities: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^capabilities\[(.+)\]\[requested\]$/.exec(k);
        if (m?.[1] && v === 'true') capabilities[m[1]] = 'pending';
      }
      const account: FakeAccount = {
        id,
        object: 'account',
        type: form.type ?? 'standard',
        country: form.country ?? 'US',
        business_type: form.business_type ?? null,
        email: form.email ?? null,
        company: { name: form['company[name]'] ?? null },
        capabilities,
        metadata: metadataOf(form),
        external_accounts: { object: 'list', data: [] },
        livemode: false,
      };
      if (form['external_account[account_number]']) {
        account.external_accounts.data.push(externalAccountOf(id, form, 'external_account', true));
      }
      accounts.set(id, account);
      readyAccounts.set(id, state.newAccountsReady);
      if (typeof key === 'string') accountByKey.set(key, id);
      return send(200, account);
    }

    const oneAccount = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && oneAccount?.[1]) {
      const account = accounts.get(oneAccount[1]);
      if (!account) {
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such account' },
        });
      }
      return send(200, withStatus(account));
    }

    if (req.method === 'POST' && path === '/v1/account_links') {
      if (!form.account || !accounts.has(form.account)) {
        return send(400, {
          error: { type: 'invalid_request_error', param: 'account', message: 'No such account' },
        });
      }
      accountLinks.push(form);
      return send(200, {
        object: 'account_link',
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
        url: `https://connect.stripe.com/setup/c/${form.account}/${randomBytes(6).toString('hex')}`,
      });
    }

    const external = /^\/v1\/accounts\/([^/]+)\/external_accounts$/.exec(path);
    if (req.method === 'POST' && external?.[1]) {
      const account = accounts.get(external[1]);
      if (!account) {
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such account' },
        });
      }
      const key = req.headers['idempotency-key'];
      const known = typeof key === 'string' ? externalByKey.get(key) : undefined;
      if (known) return send(200, known);
      const bank = externalAccountOf(
        account.id,
        form,
        'external_account',
        form.default_for_currency === 'true',
      );
      if (bank.default_for_currency) {
        for (const other of account.external_accounts.data) other.default_for_currency = false;
      }
      account.external_accounts.data.push(bank);
      if (typeof key === 'string') externalByKey.set(key, bank);
      return send(200, bank);
    }

    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (req.method === 'POST' && cancel?.[1]) {
      const intent = intents.get(cancel[1]);
      if (!intent) {
        return noSuchIntent();
      }
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        });
      }
      intent.status = 'canceled';
      return send(200, intent);
    }

    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && retrieve?.[1]) {
      const intent = intents.get(retrieve[1]);
      if (!intent) {
        return noSuchIntent();
      }
      return send(200, intent);
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const get = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`no fake intent ${id}`);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    refunds,
    requests,
    intents,
    transfers,
    accounts,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    get newAccountsReady() {
      return state.newAccountsReady;
    },
    set newAccountsReady(value: boolean) {
      state.newAccountsReady = value;
    },
    accountLinks,
    setAccountReady(id, ready) {
      const account = accounts.get(id);
      if (!account) throw new Error(`no fake account ${id}`);
      readyAccounts.set(id, ready);
      return withStatus(account);
    },
    succeed(id, amountReceived) {
      const intent = get(id);
      intent.status = 'succeeded';
      intent.amount_received = amountReceived ?? intent.amount;
      intent.last_payment_error = null;
      return intent;
    },
    decline(id, message) {
      const intent = get(id);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { message, code: 'card_declined' };
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function metadataOf(form: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m?.[1]) metadata[m[1]] = v;
  }
  return metadata;
}

/** A bank account from the form's `prefix[...]` fields: the number kept as its last four only. */
function externalAccountOf(
  accountId: string,
  form: Record<string, string>,
  prefix: string,
  isDefault: boolean,
): FakeExternalAccount {
  const field = (name: string) => form[`${prefix}[${name}]`];
  return {
    id: `ba_${randomBytes(8).toString('hex')}`,
    object: 'bank_account',
    account: accountId,
    country: field('country') ?? 'US',
    currency: field('currency') ?? 'usd',
    routing_number: field('routing_number') ?? '',
    last4: (field('account_number') ?? '').slice(-4),
    account_holder_name: field('account_holder_name') ?? null,
    account_holder_type: field('account_holder_type') ?? null,
    default_for_currency: isDefault,
  };
}
