import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  type AppProcess,
  exitOf,
  startApp,
  stopApp,
  waitHealthy,
} from '../../../../tests/helpers/app-process';
import { draftId, quoteData, SUCCESS_CARD } from '../../../../tests/helpers/quote-order';
import { type FreshDatabase, freshDatabase, testDbKind } from '../../../../tests/helpers/test-context';
import { until } from '../../../../tests/helpers/wait';
import { openDatabase, type RawSql } from '../../platform/db/index';

// a read every 50 ms, not back to back: the app process being waited on needs the cores
const untilWithin = <T>(read: () => Promise<T>, done: (value: T) => boolean) => until(read, done, 90_000, 50);

/**
 * Issue 8, item 12: no payment stays `processing` after a crash. A real app process is killed
 * with SIGKILL in the middle of a sandbox confirm, then started again: the attempt is finished
 * (a charge was recorded) or released (none was), and a retry is allowed.
 */

const apps: AppProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.allSettled(apps.splice(0).map((app) => stopApp(app, 'SIGKILL')));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function call(app: AppProcess, path: string, body: unknown) {
  const res = await fetch(`http://127.0.0.1:${app.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface Intent {
  paymentIntentId: string;
  clientSecret: string;
  quoteId: string;
}

const confirm = (app: AppProcess, intent: Intent) =>
  call(app, '/api/payments/sandbox/confirm', {
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    card: SUCCESS_CARD,
  });

async function kill(app: AppProcess): Promise<void> {
  const exited = exitOf(app);
  app.child.kill('SIGKILL');
  await exited;
}

/** One customer of the crash tests: the form, the code and the draft the browser keeps. */
interface Customer {
  data: ReturnType<typeof quoteData>;
  code: string | null;
  draft: string;
}

const customer = (email: string, code: string | null = null): Customer => ({
  data: quoteData({ requesterEmail: email }),
  code,
  draft: draftId(),
});

const order = (app: AppProcess, c: Customer, draft: string) =>
  call(app, '/api/quotes/create-payment-intent', { quoteData: c.data, discountCode: c.code, draftId: draft });

/**
 * A customer who saw an error orders again with the same form data (the same page: the same
 * draft; a new page: a new one) and does what the answer asks: a Project ID ends it, an intent
 * is paid and submitted. Answers every status met and the Project ID reached, if any.
 */
async function orderAgain(app: AppProcess, c: Customer, sameDraft: boolean) {
  const statuses: number[] = [];
  const created = await order(app, c, sameDraft ? c.draft : draftId());
  statuses.push(created.status);
  if (created.status !== 200) return { statuses, projectId: null, body: created.body };
  if (typeof created.body.projectId === 'string') {
    return { statuses, projectId: created.body.projectId, body: created.body };
  }
  const intent = created.body as unknown as Intent;
  const paid = await confirm(app, intent);
  statuses.push(paid.status);
  if (paid.status !== 200) return { statuses, projectId: null, body: paid.body };
  const submitted = await call(app, '/api/quotes/submit', {
    quoteData: c.data,
    paymentIntentId: intent.paymentIntentId,
  });
  statuses.push(submitted.status);
  return { statuses, projectId: (submitted.body.projectId as string) ?? null, body: submitted.body };
}

/**
 * The sandbox provider's charges (its recorded payment_intent.succeeded events) per requester,
 * and each requester's submitted quotes.
 */
async function chargesPerRequester(sql: RawSql) {
  const { rows: charges } = await sql.query<{ email: string; charges: number }>(
    `select q.requester_email as email, count(*)::int as charges
       from payment_events e
       join payments p on p.provider_payment_id = e.payload->>'paymentIntentId'
       join quotes q on q.id = p.quote_id
      where e.provider = 'sandbox' and e.type = 'payment_intent.succeeded'
      group by q.requester_email`,
  );
  const { rows: submitted } = await sql.query<{ email: string; reference: string }>(
    `select requester_email as email, reference from quotes where status = 'submitted'`,
  );
  return { charges, submitted };
}

/** Every customer charged exactly once, with one submitted quote: the Project ID they were answered. */
function expectOneChargeEach(
  customers: Customer[],
  counted: Awaited<ReturnType<typeof chargesPerRequester>>,
  projectIds: Map<string, string | null>,
) {
  const charges = new Map(counted.charges.map((r) => [r.email, Number(r.charges)]));
  const doubles = [...charges].filter(([, n]) => n > 1);
  expect(doubles, 'requesters charged more than once').toEqual([]);
  for (const c of customers) {
    const email = c.data.requesterEmail;
    expect(charges.get(email), email).toBe(1);
    const refs = counted.submitted.filter((q) => q.email === email).map((q) => q.reference);
    expect(refs, email).toHaveLength(1);
    expect(projectIds.get(email), email).toBe(refs[0]);
  }
}

describe.skipIf(testDbKind !== 'postgres')('a payment killed mid-confirm on PostgreSQL', () => {
  let fresh: FreshDatabase | undefined;
  let client: pg.Client | undefined;
  const secret = randomBytes(32).toString('hex');

  afterAll(async () => {
    await client?.end().catch(() => {});
    await fresh?.drop();
  });

  async function start(name: string): Promise<AppProcess> {
    // one secret for both lives of the server, as in production (client secrets are signed with it)
    const app = await startApp(name, { databaseUrl: fresh?.url as string, env: { SESSION_SECRET: secret } });
    apps.push(app);
    await waitHealthy(app);
    return app;
  }

  async function paymentRow(id: string) {
    const { rows } = await (client as pg.Client).query(
      'select status, discount_held, quote_id from payments where provider_payment_id = $1',
      [id],
    );
    return rows[0] as { status: string; discount_held: boolean; quote_id: string } | undefined;
  }

  /**
   * Starts a confirm that blocks on a row the test holds locked, and kills the process once the
   * attempt is `processing` and `ready` says so (the crash window, made deterministic).
   */
  async function killMidConfirm(
    app: AppProcess,
    intent: Intent,
    lockSql: string,
    lockArgs: unknown[],
    ready: () => Promise<boolean>,
  ): Promise<void> {
    const locker = new pg.Client({ connectionString: fresh?.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query(lockSql, lockArgs);
      const pending = confirm(app, intent).catch(() => null);
      await untilWithin(ready, Boolean);
      await kill(app);
      expect(await pending).toBeNull();
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
    }
  }

  it('releases an attempt cut before any charge, and a retry pays and submits', async () => {
    fresh = await freshDatabase();
    client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    let app = await start('pay1');
    const created = await call(app, '/api/quotes/create-payment-intent', {
      quoteData: quoteData({ requesterEmail: 'killed.before.charge@recovery.test' }),
      draftId: draftId(),
    });
    expect(created.status).toBe(200);
    const intent = created.body as unknown as Intent;

    // the confirm marks the attempt processing, then blocks on the quote row we hold
    await killMidConfirm(
      app,
      intent,
      'select id from quotes where id = $1 for update',
      [intent.quoteId],
      async () => (await paymentRow(intent.paymentIntentId))?.status === 'processing',
    );
    expect((await paymentRow(intent.paymentIntentId))?.status).toBe('processing');

    app = await start('pay1-again');
    await untilWithin(
      () => paymentRow(intent.paymentIntentId),
      (p) => p?.status !== 'processing',
    );
    expect((await paymentRow(intent.paymentIntentId))?.status).toBe('requires_payment');

    const retried = await confirm(app, intent);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const submitted = await call(app, '/api/quotes/submit', {
      quoteData: quoteData({ requesterEmail: 'killed.before.charge@recovery.test' }),
      paymentIntentId: intent.paymentIntentId,
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.projectId).toMatch(/^RL-/);
  }, 240_000);

  it('finishes an attempt whose charge was recorded: the quote is submitted and the discount counted once', async () => {
    const c = client as pg.Client;
    await c.query(
      "insert into discount_codes (code, type, value, max_uses) values ('KILL10', 'percent', 10, 1)",
    );
    let app = await start('pay2');
    const email = 'killed.after.charge@recovery.test';
    const created = await call(app, '/api/quotes/create-payment-intent', {
      quoteData: quoteData({ requesterEmail: email }),
      discountCode: 'KILL10',
      draftId: draftId(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const intent = created.body as unknown as Intent;

    // the charge event is written, then recording the success blocks on the code row we hold
    await killMidConfirm(
      app,
      intent,
      "select id from discount_codes where code = 'KILL10' for update",
      [],
      async () => {
        const { rows } = await c.query(
          "select 1 from payment_events where payload->>'paymentIntentId' = $1 and processed_at is null",
          [intent.paymentIntentId],
        );
        return rows.length > 0;
      },
    );
    expect((await paymentRow(intent.paymentIntentId))?.status).toBe('processing');

    app = await start('pay2-again');
    await untilWithin(
      async () =>
        (await c.query('select status from quotes where id = $1', [intent.quoteId])).rows[0]?.status,
      (status) => status === 'submitted',
    );
    expect(await paymentRow(intent.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      discount_held: false,
    });
    const { rows } = await c.query(
      "select used_count, reserved_count from discount_codes where code = 'KILL10'",
    );
    expect(rows[0]).toEqual({ used_count: 1, reserved_count: 0 });
    const retried = await confirm(app, intent);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('succeeded');
  }, 240_000);

  it('customers who saw an error order again with the same form data and are never charged twice', async () => {
    // issue 21, item 5: on PostgreSQL the survivor answered 409 until the recovery job ran, and a
    // re-order with the same form data was charged again. Process 1 is killed mid-payment; the
    // customers order again at once on process 2, then once more after process 1 is restarted.
    const c = client as pg.Client;
    await c.query("insert into discount_codes (code, type, value) values ('CRASH10', 'percent', 10)");
    let p1 = await start('reorder-p1');
    const p2 = await start('reorder-p2');
    // charged: the charge is recorded, then the crash; cut: the crash before any charge;
    // answered: paid and answered, but the crash takes the submit that followed
    const charged = [0, 1, 2, 3].map((i) => customer(`charged${i}@reorder.test`, 'CRASH10'));
    const cut = [0, 1, 2, 3].map((i) => customer(`cut${i}@reorder.test`));
    const answered = [0, 1, 2].map((i) => customer(`answered${i}@reorder.test`));
    const everyone = [...charged, ...cut, ...answered];
    const intents = new Map<Customer, Intent>();
    for (const cu of everyone) {
      const created = await order(p1, cu, cu.draft);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      intents.set(cu, created.body as unknown as Intent);
    }
    for (const cu of answered) expect((await confirm(p1, intents.get(cu) as Intent)).status).toBe(200);

    const locker = new pg.Client({ connectionString: fresh?.url });
    await locker.connect();
    try {
      await locker.query('begin');
      // recording a success blocks on the code row; marking the quotes processing on their rows
      await locker.query("select id from discount_codes where code = 'CRASH10' for update");
      await locker.query('select id from quotes where id = any($1::uuid[]) for update', [
        cut.map((cu) => intents.get(cu)?.quoteId),
      ]);
      const pending = [...charged, ...cut].map((cu) =>
        confirm(p1, intents.get(cu) as Intent).catch(() => null),
      );
      const ids = (list: Customer[]) => list.map((cu) => intents.get(cu)?.paymentIntentId);
      await untilWithin(async () => {
        const events = await c.query(
          `select count(*)::int as n from payment_events
              where payload->>'paymentIntentId' = any($1::text[]) and processed_at is null`,
          [ids(charged)],
        );
        const processing = await c.query(
          "select count(*)::int as n from payments where provider_payment_id = any($1::text[]) and status = 'processing'",
          [ids(cut)],
        );
        return events.rows[0].n === charged.length && processing.rows[0].n === cut.length;
      }, Boolean);
      await kill(p1);
      expect(await Promise.all(pending)).toEqual(pending.map(() => null));
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
    }

    // every customer saw an error and orders again on the survivor: half on the same page
    const projectIds = new Map<string, string | null>();
    const statuses: number[] = [];
    const again = await Promise.all(everyone.map((cu, i) => orderAgain(p2, cu, i % 2 === 0)));
    everyone.forEach((cu, i) => {
      projectIds.set(cu.data.requesterEmail, again[i]?.projectId ?? null);
      statuses.push(...(again[i]?.statuses ?? []));
    });

    // then the crashed process is restarted, past the recovery's grace for what is still
    // processing (made older instead of waited for), and each of them orders once more
    await c.query("update payments set updated_at = now() - interval '1 minute' where status = 'processing'");
    p1 = await start('reorder-p1-again');
    const once = await Promise.all(everyone.map((cu) => orderAgain(p1, cu, false)));
    // what the recovery job may still settle is settled before counting
    await untilWithin(
      async () =>
        (await c.query("select count(*)::int as n from payments where status = 'processing'")).rows[0].n,
      (n) => n === 0,
    );
    expectOneChargeEach(everyone, await chargesPerRequester(c), projectIds);
    expect(
      statuses.filter((s) => s !== 200),
      'answers other than 200',
    ).toEqual([]);
    for (const [i, cu] of everyone.entries()) {
      expect(once[i]?.projectId, cu.data.requesterEmail).toBe(projectIds.get(cu.data.requesterEmail));
      expect(once[i]?.statuses).toEqual([200]);
    }
  }, 240_000);
});

describe.skipIf(testDbKind !== 'pglite')('payments killed mid-confirm on PGlite', () => {
  it('leaves no payment processing after a restart: every attempt is settled and a retry is allowed', async () => {
    // PGlite belongs to the app process: the test cannot hold a lock in it, so it kills the process
    // while a burst of confirms is in flight and checks that every one of them can be completed
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-burst-'));
    dirs.push(dataDir);
    let app = await startApp('burst', { dataDir });
    apps.push(app);
    await waitHealthy(app);
    const orders = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const data = quoteData({ requesterEmail: `burst${i}@recovery.test` });
        const created = await call(app, '/api/quotes/create-payment-intent', {
          quoteData: data,
          draftId: draftId(),
        });
        expect(created.status).toBe(200);
        return { data, intent: created.body as unknown as Intent };
      }),
    );
    const inFlight = orders.map((o) => confirm(app, o.intent).catch(() => null));
    await Promise.race(inFlight);
    await kill(app);
    await Promise.all(inFlight);

    app = await startApp('burst-again', { dataDir });
    apps.push(app);
    await waitHealthy(app);
    // right after the start: nothing is left processing (the start settled it), so no retry answers 409
    const retries = await Promise.all(orders.map((o) => confirm(app, o.intent)));
    for (const r of retries) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const submitted = await Promise.all(
      orders.map((o) =>
        call(app, '/api/quotes/submit', { quoteData: o.data, paymentIntentId: o.intent.paymentIntentId }),
      ),
    );
    for (const s of submitted) expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(new Set(submitted.map((s) => s.body.projectId)).size).toBe(orders.length);
  }, 240_000);

  it('customers who saw an error order again after the restart with the same form data and are never charged twice', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-reorder-'));
    dirs.push(dataDir);
    let app = await startApp('reorder', { dataDir });
    apps.push(app);
    await waitHealthy(app);
    const everyone = Array.from({ length: 16 }, (_, i) => customer(`reorder${i}@recovery.test`));
    const intents = await Promise.all(
      everyone.map(async (cu) => {
        const created = await order(app, cu, cu.draft);
        expect(created.status).toBe(200);
        return created.body as unknown as Intent;
      }),
    );
    // the process is killed once a few confirms were answered: those customers' submits meet a
    // dead server, the others' confirms are cut wherever they were; all of them saw an error
    const inFlight = intents.map((intent) => confirm(app, intent).catch(() => null));
    let answered = 0;
    await new Promise<void>((resolve) => {
      for (const p of inFlight) {
        void p.then(() => {
          answered++;
          if (answered === 4) resolve();
        });
      }
    });
    await kill(app);
    await Promise.all(inFlight);

    app = await startApp('reorder-again', { dataDir });
    apps.push(app);
    await waitHealthy(app);
    // a new page: a new draft, the same form data
    const again = await Promise.all(everyone.map((cu) => orderAgain(app, cu, false)));
    const projectIds = new Map(
      everyone.map((cu, i) => [cu.data.requesterEmail, again[i]?.projectId ?? null]),
    );
    await stopApp(app);

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      expectOneChargeEach(everyone, await chargesPerRequester(database.sql), projectIds);
    } finally {
      await database.close();
    }
    for (const a of again)
      expect(
        a.statuses.every((s) => s === 200),
        JSON.stringify(a),
      ).toBe(true);
  }, 240_000);
});
