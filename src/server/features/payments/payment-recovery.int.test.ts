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

const untilWithin = <T>(read: () => Promise<T>, done: (value: T) => boolean) => until(read, done, 90_000);

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
});
