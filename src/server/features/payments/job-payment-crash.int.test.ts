import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import {
  type AppProcess,
  exitOf,
  startApp,
  stopApp,
  waitHealthy,
} from '../../../../tests/helpers/app-process';
import { generalLiabilityFor } from '../../../../tests/helpers/contractors';
import { SUCCESS_CARD } from '../../../../tests/helpers/quote-order';
import { type FreshDatabase, freshDatabase, testDbKind } from '../../../../tests/helpers/test-context';
import { until } from '../../../../tests/helpers/wait';
import { hashToken, SESSION_COOKIE } from '../../platform/auth/session-store';
import { type Db, openDatabase } from '../../platform/db/index';
import { contractorProfiles, sessions, users } from '../../platform/db/schema';

/**
 * Issue 25 #3: a crash between the provider's success and the recording of the job payment loses
 * and doubles nothing. A real app process is killed (SIGKILL) after the sandbox charged the card
 * and the payment was marked succeeded, while recording the part waits on a row the test holds;
 * started again, the recovery records the part once, and a retried confirm charges nothing more.
 */

const apps: AppProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.allSettled(apps.splice(0).map((app) => stopApp(app, 'SIGKILL')));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Caller {
  id: string;
  cookie: string;
}

/** A user with a live session cookie, written straight to the database the app will use. */
async function person(
  db: Db,
  email: string,
  userType: 'homeowner' | 'contractor' | 'admin',
): Promise<Caller> {
  const [user] = await db
    .insert(users)
    .values({ email, userType, firstName: 'Test', isVerified: true })
    .returning();
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    userId: user?.id as string,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { id: user?.id as string, cookie: `${SESSION_COOKIE}=${token}` };
}

/** An admin, a homeowner and a verified contractor (with the contractor's profile id). */
async function people(db: Db) {
  const admin = await person(db, 'ops@ridgeline.test', 'admin');
  const homeowner = await person(db, 'kim.crash@example.com', 'homeowner');
  const crew = await person(db, 'crew@crash.example', 'contractor');
  const [profile] = await db
    .insert(contractorProfiles)
    .values({
      userId: crew.id,
      companyName: 'Crash Test Roofing',
      contactName: 'Casey',
      contactEmail: 'crew@crash.example',
      contactPhone: '(214) 555-0101',
      businessAddress: '1 Main St, Dallas, TX 75201',
      workingStates: ['Texas'],
      verificationStatus: 'verified',
      isAvailable: true,
      insuranceData: generalLiabilityFor(365),
    })
    .returning({ id: contractorProfiles.id });
  return { admin, homeowner, crew, profileId: profile?.id as string };
}

async function call(
  app: AppProcess,
  method: string,
  url: string,
  who: { cookie: string } | null,
  body?: unknown,
) {
  const res = await fetch(`http://127.0.0.1:${app.port}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(who ? { cookie: who.cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function kill(app: AppProcess): Promise<void> {
  const exited = exitOf(app);
  app.child.kill('SIGKILL');
  await exited;
}

/** A project of the homeowner, started by the contractor: its first part is due. Answers its id. */
async function startedProject(
  app: AppProcess,
  p: Awaited<ReturnType<typeof people>>,
  n: number,
): Promise<string> {
  const created = await call(app, 'POST', '/api/projects', p.admin, {
    title: `SWRX-CRASH-${n}`,
    homeownerEmail: 'kim.crash@example.com',
    address: `${n} Elm St`,
    city: 'Dallas',
    state: 'Texas',
    zipCode: '75201',
    estimatedCost: 1_000_000,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const projectId = created.body.id as string;
  const assigned = await call(app, 'PUT', `/api/projects/${projectId}`, p.admin, {
    contractorId: p.profileId,
    status: 'matched',
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  expect(
    (await call(app, 'PUT', `/api/projects/${projectId}`, p.crew, { status: 'in_progress' })).status,
  ).toBe(200);
  return projectId;
}

async function cardFor(app: AppProcess, homeowner: Caller, projectId: string) {
  const intent = await call(app, 'POST', `/api/projects/${projectId}/payments/first/intent`, homeowner);
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  return {
    paymentIntentId: intent.body.paymentIntentId as string,
    clientSecret: intent.body.clientSecret,
    card: SUCCESS_CARD,
  };
}

describe.skipIf(testDbKind !== 'postgres')('a job payment killed mid-recording on PostgreSQL', () => {
  let fresh: FreshDatabase | undefined;
  let client: pg.Client | undefined;
  const secret = randomBytes(32).toString('hex');

  afterAll(async () => {
    await client?.end().catch(() => {});
    await fresh?.drop();
  });

  async function start(name: string): Promise<AppProcess> {
    const app = await startApp(name, { databaseUrl: fresh?.url as string, env: { SESSION_SECRET: secret } });
    apps.push(app);
    await waitHealthy(app);
    return app;
  }

  it('records the part once after the restart; the card is charged once', async () => {
    fresh = await freshDatabase();
    client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    const c = client;
    const p = await people(fresh.database.db);
    const { homeowner } = p;
    let app = await start('jobpay1');
    const projectId = await startedProject(app, p, 1);
    const pay = await cardFor(app, homeowner, projectId);

    // the card is charged and the payment marked succeeded; recording the part waits on our lock
    const locker = new pg.Client({ connectionString: fresh.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select id from job_payments where project_id = $1 for update', [projectId]);
      const pending = call(app, 'POST', '/api/payments/sandbox/confirm', null, pay).catch(() => null);
      await until(
        async () =>
          (await c.query('select status from payments where provider_payment_id = $1', [pay.paymentIntentId]))
            .rows[0]?.status,
        (status) => status === 'succeeded',
        90_000,
        50,
      );
      await kill(app);
      expect(await pending).toBeNull();
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
    }
    const partRow = async () =>
      (
        await c.query<{ received_at: Date | null; received_cents: number | null }>(
          'select received_at, received_cents from job_payments where project_id = $1',
          [projectId],
        )
      ).rows[0];
    expect((await partRow())?.received_at).toBeNull();

    // started again: the recovery records the part
    app = await start('jobpay1-again');
    await until(partRow, (row) => row?.received_at != null, 90_000, 50);
    expect((await partRow())?.received_cents).toBe(500_000);
    // a retried confirm answers the success, charging nothing more; paying again is refused
    const retried = await call(app, 'POST', '/api/payments/sandbox/confirm', null, pay);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(
      (await call(app, 'POST', `/api/projects/${projectId}/payments/first/intent`, homeowner)).status,
    ).toBe(409);
    const { rows: charges } = await c.query(
      "select count(*)::int as n from payment_events where type = 'payment_intent.succeeded' and payload->>'paymentIntentId' = $1",
      [pay.paymentIntentId],
    );
    expect(charges[0]?.n).toBe(1);
    const { rows: received } = await c.query(
      "select count(*)::int as n from audit_log where action = 'job_payment.received' and data->>'projectId' = $1",
      [projectId],
    );
    expect(received[0]?.n).toBe(1);
    // the receipt was made by the recovery (or is made at its first download)
    const view = await call(app, 'GET', `/api/projects/${projectId}/payments`, homeowner);
    const first = (view.body.parts as { state: string; receiptUrl: string }[])[0];
    expect(first?.state).toBe('paid');
    const pdf = await fetch(`http://127.0.0.1:${app.port}${first?.receiptUrl}`, {
      headers: { cookie: homeowner.cookie },
    });
    expect(pdf.status).toBe(200);
  }, 240_000);
});

describe.skipIf(testDbKind !== 'pglite')('job payments killed mid-confirm on PGlite', () => {
  it('records every part once after a restart; no card is charged twice', async () => {
    // PGlite belongs to the app process: the test cannot hold a lock in it, so it kills the process
    // while a burst of confirms is in flight, then checks every part is received once
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-jobpay-'));
    dirs.push(dataDir);
    // the database a first start would make (migrated, with the job queues: the run's template,
    // instead of a start and stop of the app for it); the people are written while no process holds it
    const database = await openDatabase({
      pgliteDir: path.join(dataDir, 'db'),
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate') as string)]),
    });
    const p = await people(database.db).finally(() => database.close());

    let app = await startApp('jobpay-burst', { dataDir });
    apps.push(app);
    await waitHealthy(app);
    const projectIds: string[] = [];
    for (let n = 1; n <= 8; n++) projectIds.push(await startedProject(app, p, n));
    const cards = await Promise.all(projectIds.map((id) => cardFor(app, p.homeowner, id)));
    const inFlight = cards.map((pay) =>
      call(app, 'POST', '/api/payments/sandbox/confirm', null, pay).catch(() => null),
    );
    await Promise.race(inFlight);
    await kill(app);
    await Promise.all(inFlight);

    app = await startApp('jobpay-burst-again', { dataDir });
    apps.push(app);
    await waitHealthy(app);
    // every card can be completed (a retry of one already charged charges nothing more)
    const retries = await Promise.all(
      cards.map((pay) => call(app, 'POST', '/api/payments/sandbox/confirm', null, pay)),
    );
    for (const r of retries) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const states = async () =>
      Promise.all(
        projectIds.map(async (id) => {
          const view = await call(app, 'GET', `/api/projects/${id}/payments`, p.homeowner);
          return (view.body.parts as { state: string; receivedCents: number | null }[])[0];
        }),
      );
    await until(states, (parts) => parts.every((part) => part?.state === 'paid'), 90_000, 50);
    for (const part of await states()) expect(part?.receivedCents).toBe(500_000);
    await stopApp(app);

    const after = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const { rows: charges } = await after.sql.query<{ id: string; n: number }>(
        "select payload->>'paymentIntentId' as id, count(*)::int as n from payment_events where type = 'payment_intent.succeeded' group by 1",
      );
      expect(charges).toHaveLength(cards.length);
      expect(charges.every((c) => Number(c.n) === 1)).toBe(true);
      const { rows: received } = await after.sql.query<{ n: number }>(
        "select count(*)::int as n from audit_log where action = 'job_payment.received'",
      );
      expect(Number(received[0]?.n)).toBe(cards.length);
    } finally {
      await after.close();
    }
  }, 240_000);
});
