import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractorPerson,
  callerOf,
  type Person,
  testContractor,
  testPerson,
} from '../../../../tests/helpers/people';
import { SUCCESS_CARD } from '../../../../tests/helpers/quote-order';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { type JobPayments, jobPaymentsSchema } from '../../../domain/payments/job-payment-schemas';
import { inspectionItemKeys } from '../../../domain/projects/closeout';
import {
  auditLog,
  jobPaymentRefunds,
  jobPayments,
  mailOutbox,
  notifications,
  paymentEvents,
  payments,
} from '../../platform/db/schema';
import type { JobPaymentReceived, JobPaymentRefunded } from '.';

/**
 * Issue 25 #3 and #5 in the sandbox: the job's two parts asked by the terms, paid by card
 * (idempotent intents, concurrent confirms charged once), received once with the hooks in the
 * receiving transaction (a failing hook rolls the receipt back; the recovery records it), the
 * receipts, an outside payment, the payer, refunds (never more than received), who may do what.
 */

let ctx: TestContext;
let admin: Person;
let homeowner: Person;
let stranger: Person;
let crew: ContractorPerson;
let seq = 0;
const call = callerOf(() => ctx.app);
const received: JobPaymentReceived[] = [];
const refunded: JobPaymentRefunded[] = [];
/** Set to make the next received hook throw (a crash in the receiving transaction). */
let failNextReceive = false;

async function startedProject(estimatedCost = 1_500_000): Promise<string> {
  const created = await call('POST', '/api/projects', admin, {
    title: `SWRX-PAY-${++seq}`,
    homeownerEmail: homeowner.email,
    address: `${400 + seq} Oak St`,
    city: 'Dallas',
    state: 'Texas',
    zipCode: '75201',
    estimatedCost,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  for (const [who, body] of [
    [admin, { contractorId: crew.profileId, status: 'matched' }],
    [crew, { status: 'in_progress' }],
  ] as const) {
    const res = await call('PUT', `/api/projects/${id}`, who, body);
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

async function acceptWork(id: string): Promise<void> {
  const done = await call('PUT', `/api/projects/${id}`, crew, { installCompleted: true });
  expect(done.statusCode, done.body).toBe(200);
  const inspected = await call('POST', `/api/projects/${id}/closeout/inspection`, crew, {
    items: inspectionItemKeys.map((key) => ({ key, checked: true })),
  });
  expect(inspected.statusCode, inspected.body).toBe(200);
  const accepted = await call('POST', `/api/projects/${id}/closeout/accept`, homeowner);
  expect(accepted.statusCode, accepted.body).toBe(200);
}

async function paymentsOf(id: string, who: Person = homeowner): Promise<JobPayments> {
  const res = await call('GET', `/api/projects/${id}/payments`, who);
  expect(res.statusCode, res.body).toBe(200);
  return jobPaymentsSchema.parse(res.json());
}

async function intentFor(id: string, part: 'first' | 'final' = 'first') {
  const res = await call('POST', `/api/projects/${id}/payments/${part}/intent`, homeowner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { paymentIntentId: string; clientSecret: string; amountCents: number };
}

const confirm = (intent: { paymentIntentId: string; clientSecret: string }) =>
  call('POST', '/api/payments/sandbox/confirm', undefined, {
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    card: SUCCESS_CARD,
  });

async function charges(paymentIntentId: string): Promise<number> {
  const rows = await ctx.platform.db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.type, 'payment_intent.succeeded'),
        sql`${paymentEvents.payload}->>'paymentIntentId' = ${paymentIntentId}`,
      ),
    );
  return Number(rows[0]?.n ?? 0);
}

const receivedFor = (projectId: string) => received.filter((e) => e.projectId === projectId);

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  admin = await testPerson(ctx.platform, 'money@ridgeline.test', 'admin');
  homeowner = await testPerson(ctx.platform, 'pat.pay@example.com');
  stranger = await testPerson(ctx.platform, 'nosy@example.com');
  crew = await testContractor(ctx.platform, 'crew@pay.example', { companyName: 'Ridge Pay Roofing' });
  ctx.services.jobPayments.onReceived.push(async (tx, e) => {
    // written in the receiving transaction: rolled back with it when this hook throws
    await tx
      .insert(auditLog)
      .values({ action: 'test.hook', entityType: 'job_payment', entityId: e.jobPaymentId });
    if (failNextReceive) {
      failNextReceive = false;
      throw new Error('hook failed (a crash in the receiving transaction)');
    }
    received.push(e);
  });
  ctx.services.jobPayments.onRefunded.push(async (_tx, e) => {
    refunded.push(e);
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe(`job payments on ${testDbKind}`, () => {
  it('asks the first part when work begins, takes the card once, and keeps the receipt', async () => {
    const id = await startedProject();
    const view = await paymentsOf(id);
    expect(view.budgetCents).toBe(1_500_000);
    expect(view.canPay).toBe(true);
    expect(view.parts.map((p) => [p.part, p.state, p.amountCents])).toEqual([
      ['first', 'due', 750_000],
      ['final', 'not_due', null],
    ]);
    const notices = await ctx.platform.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.projectId, id), eq(notifications.kind, 'job_payment')));
    expect(notices.map((n) => n.userId)).toEqual([homeowner.id]);

    // the contractor sees the parts, cannot pay; a stranger learns nothing
    expect((await paymentsOf(id, crew)).canPay).toBe(false);
    expect((await call('POST', `/api/projects/${id}/payments/first/intent`, crew)).statusCode).toBe(403);
    expect((await call('GET', `/api/projects/${id}/payments`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/projects/${id}/payments/final/intent`, homeowner)).statusCode).toBe(409);
    expect((await call('POST', `/api/projects/${id}/payments/third/intent`, homeowner)).statusCode).toBe(400);

    // a retried intent call is the same intent
    const [a, b] = await Promise.all([intentFor(id), intentFor(id)]);
    expect(b.paymentIntentId).toBe(a.paymentIntentId);
    expect(a.amountCents).toBe(750_000);
    const rows = await ctx.platform.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, a.paymentIntentId));
    expect(rows).toHaveLength(1);

    // concurrent confirms: one charge, received once
    const answers = await Promise.all([confirm(a), confirm(a), confirm(a), confirm(a)]);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of answers) expect([200, 409]).toContain(r.statusCode);
    expect(await charges(a.paymentIntentId)).toBe(1);
    const paid = await paymentsOf(id);
    expect(paid.parts[0]).toMatchObject({
      state: 'paid',
      receivedCents: 750_000,
      method: 'card',
      cardLast4: '4242',
    });
    expect(receivedFor(id)).toEqual([
      expect.objectContaining({
        part: 'first',
        amountCents: 750_000,
        method: 'card',
        contractorId: crew.profileId,
      }),
    ]);
    // paying again is refused
    expect((await call('POST', `/api/projects/${id}/payments/first/intent`, homeowner)).statusCode).toBe(409);

    const url = paid.parts[0]?.receiptUrl as string;
    for (const who of [homeowner, crew, admin]) {
      const pdf = await call('GET', url, who);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await call('GET', url, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/projects/${id}/payments/not-an-id/receipt`, homeowner)).statusCode).toBe(
      404,
    );
  });

  it('asks the final part at acceptance (budget minus the first received); an admin records the payer and an outside payment', async () => {
    const id = await startedProject(1_000_001);
    const first = await intentFor(id);
    expect(first.amountCents).toBe(500_001);
    // an insurer paid the first part outside, for less
    const outside = await call('POST', `/api/admin/projects/${id}/payments/first/outside`, admin, {
      amountCents: 400_000,
      reference: 'Cheque 1001',
      receivedOn: '2026-01-15',
    });
    expect(outside.statusCode, outside.body).toBe(200);
    // the open card intent was cancelled: it can no longer be paid
    expect((await confirm(first)).statusCode).toBe(409);
    expect(await charges(first.paymentIntentId)).toBe(0);
    // the same record again is answered; another one is refused
    const again = await call('POST', `/api/admin/projects/${id}/payments/first/outside`, admin, {
      amountCents: 400_000,
      reference: 'Cheque 1001',
      receivedOn: '2026-01-15',
    });
    expect(again.statusCode).toBe(200);
    const other = await call('POST', `/api/admin/projects/${id}/payments/first/outside`, admin, {
      amountCents: 400_000,
      reference: 'Cheque 2002',
      receivedOn: '2026-01-15',
    });
    expect(other.statusCode).toBe(409);
    expect(receivedFor(id).map((e) => [e.part, e.method, e.amountCents])).toEqual([
      ['first', 'outside', 400_000],
    ]);

    await acceptWork(id);
    let view = await paymentsOf(id);
    expect(view.parts[1]).toMatchObject({ state: 'due', amountCents: 600_001 });

    // the payer: only admins; a hostile body is a 400
    const payer = { payerName: 'Lone Star Mutual', payerEmail: 'claims@lonestar.example' };
    expect(
      (await call('PATCH', `/api/admin/projects/${id}/payments/final/payer`, homeowner, payer)).statusCode,
    ).toBe(403);
    expect(
      (
        await call('PATCH', `/api/admin/projects/${id}/payments/final/payer`, admin, {
          payerName: 'x',
          payerEmail: 'no',
        })
      ).statusCode,
    ).toBe(400);
    const set = await call('PATCH', `/api/admin/projects/${id}/payments/final/payer`, admin, payer);
    expect(set.statusCode, set.body).toBe(200);
    const mail = await ctx.platform.db.select().from(mailOutbox).where(eq(mailOutbox.to, payer.payerEmail));
    expect(mail).toHaveLength(1);
    view = await paymentsOf(id, crew);
    expect(view.parts[1]).toMatchObject({ payerName: 'Lone Star Mutual', payerEmail: null });

    for (const body of [
      { amountCents: -5, reference: 'x', receivedOn: '2026-01-15' },
      { amountCents: 10, reference: '', receivedOn: '2026-01-15' },
      { amountCents: 10, reference: 'x', receivedOn: 'yesterday' },
      { amountCents: 1.5, reference: 'x', receivedOn: '2026-01-15' },
    ]) {
      expect(
        (await call('POST', `/api/admin/projects/${id}/payments/final/outside`, admin, body)).statusCode,
      ).toBe(400);
    }
    expect(
      (
        await call('POST', `/api/admin/projects/${id}/payments/final/outside`, homeowner, {
          amountCents: 600_001,
          reference: 'x',
          receivedOn: '2026-01-15',
        })
      ).statusCode,
    ).toBe(403);
    const final = await call('POST', `/api/admin/projects/${id}/payments/final/outside`, admin, {
      amountCents: 600_001,
      reference: 'Cheque 1002',
      receivedOn: '2026-02-01',
    });
    expect(final.statusCode, final.body).toBe(200);
    view = jobPaymentsSchema.parse(final.json());
    expect(view.parts.map((p) => p.state)).toEqual(['paid', 'paid']);
    const audit = await ctx.platform.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'job_payment.received'));
    expect(audit.filter((a) => (a.data as { projectId?: string }).projectId === id)).toHaveLength(2);
  });

  it('a failing hook rolls the receipt back; the recovery records it once', async () => {
    const id = await startedProject(200_000);
    const intent = await intentFor(id);
    failNextReceive = true;
    const paid = await confirm(intent);
    expect(paid.statusCode, paid.body).toBe(200);
    // the money is taken, the part not recorded (nor what the hook wrote)
    const [row] = await ctx.platform.db.select().from(jobPayments).where(eq(jobPayments.projectId, id));
    expect(row?.receivedAt).toBeNull();
    expect(receivedFor(id)).toEqual([]);
    const hookRows = await ctx.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'test.hook'), eq(auditLog.entityId, row?.id ?? '')));
    expect(hookRows).toHaveLength(0);

    const [r1, r2] = await Promise.all([
      ctx.services.jobPayments.recover(),
      ctx.services.jobPayments.recover(),
    ]);
    expect(r1.received + r2.received).toBeGreaterThanOrEqual(1);
    expect((await paymentsOf(id)).parts[0]).toMatchObject({ state: 'paid', receivedCents: 100_000 });
    expect(receivedFor(id)).toHaveLength(1);
    expect(await charges(intent.paymentIntentId)).toBe(1);
  });

  it('a paid card whose part is not recorded yet is recorded by the next look at the payments, once', async () => {
    const id = await startedProject(200_000);
    const intent = await intentFor(id);
    failNextReceive = true;
    expect((await confirm(intent)).statusCode).toBe(200);
    const [row] = await ctx.platform.db.select().from(jobPayments).where(eq(jobPayments.projectId, id));
    expect(row?.receivedAt).toBeNull();
    // two people open the project at once: both see the part paid, it is received once
    const [a, b] = await Promise.all([paymentsOf(id), paymentsOf(id, admin)]);
    expect(a.parts[0]).toMatchObject({ state: 'paid', receivedCents: 100_000 });
    expect(b.parts[0]).toMatchObject({ state: 'paid', receivedCents: 100_000 });
    expect(receivedFor(id)).toHaveLength(1);
    expect(await charges(intent.paymentIntentId)).toBe(1);
    expect((await ctx.services.jobPayments.recover()).received).toBe(0);
  });

  it('refunds a received part, whole or part, never more than received, once per request', async () => {
    const id = await startedProject(1_000_000);
    const intent = await intentFor(id);
    expect((await confirm(intent)).statusCode).toBe(200);
    const part = (await paymentsOf(id)).parts[0];
    const url = `/api/admin/job-payments/${part?.id}/refunds`;
    const first = { amountCents: 100_000, reason: 'Gutter left unfinished', requestId: randomUUID() };
    expect((await call('POST', url, homeowner, first)).statusCode).toBe(403);
    const [a, b] = await Promise.all([call('POST', url, admin, first), call('POST', url, admin, first)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    let view = await paymentsOf(id);
    expect(view.parts[0]).toMatchObject({ state: 'paid', refundedCents: 100_000 });
    expect(view.parts[0]?.refunds).toHaveLength(1);

    // three concurrent refunds of 300,000 on 400,000 left: at most one goes through
    const many = await Promise.all(
      [0, 1, 2].map(() =>
        call('POST', url, admin, { amountCents: 300_000, reason: 'Goodwill', requestId: randomUUID() }),
      ),
    );
    expect(many.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect(
      (await call('POST', url, admin, { ...first, requestId: randomUUID(), amountCents: 100_001 }))
        .statusCode,
    ).toBe(400);
    for (const body of [
      { amountCents: 0, reason: 'x', requestId: randomUUID() },
      { amountCents: 10, reason: '', requestId: randomUUID() },
      { amountCents: 10, reason: 'x', requestId: 'nope' },
    ]) {
      expect((await call('POST', url, admin, body)).statusCode).toBe(400);
    }
    const last = await call('POST', url, admin, {
      amountCents: 100_000,
      reason: 'Final',
      requestId: randomUUID(),
    });
    expect(last.statusCode, last.body).toBe(200);
    view = await paymentsOf(id);
    expect(view.parts[0]).toMatchObject({ state: 'refunded', refundedCents: 500_000 });
    expect(refunded.filter((e) => e.projectId === id).map((e) => e.amountCents)).toEqual([
      100_000, 300_000, 100_000,
    ]);
    const rows = await ctx.platform.db
      .select()
      .from(jobPaymentRefunds)
      .where(eq(jobPaymentRefunds.jobPaymentId, part?.id ?? ''));
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    const audit = await ctx.platform.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'job_payment.refunded'));
    expect(audit.filter((r) => (r.data as { projectId?: string }).projectId === id)).toHaveLength(3);
    expect((await call('POST', '/api/admin/job-payments/not-a-uuid/refunds', admin, first)).statusCode).toBe(
      404,
    );
    // nothing received yet: no refund
    const other = await startedProject(100_000);
    const due = (await paymentsOf(other)).parts[0];
    expect(
      (
        await call('POST', `/api/admin/job-payments/${due?.id}/refunds`, admin, {
          ...first,
          requestId: randomUUID(),
        })
      ).statusCode,
    ).toBe(409);
  });

  it('asks each part once, whoever asks again', async () => {
    const id = await startedProject(300_000);
    const project = { id, title: 'x', homeownerId: homeowner.id, estimatedCost: 300_000, finalCost: null };
    const notices = await ctx.platform.db.transaction((tx) =>
      ctx.services.jobPayments.requestPart(tx, project, 'first'),
    );
    expect(notices).toEqual([]);
    const rows = await ctx.platform.db.select().from(jobPayments).where(eq(jobPayments.projectId, id));
    expect(rows).toHaveLength(1);
  });
});
