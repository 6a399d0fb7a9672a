import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { received } from '../../../../tests/helpers/payouts';
import { insertProject } from '../../../../tests/helpers/projects';
import { crash, startPayoutChild } from '../../../../tests/helpers/queue-child-runner';
import { freshDatabase, testDbKind } from '../../../../tests/helpers/test-context';
import { type Database, type Db, openDatabase } from '../../platform/db/index';
import {
  contractorBanking,
  contractorProfiles,
  payoutLedger,
  payouts,
  sandboxTransfers,
  users,
} from '../../platform/db/schema';
import { createSandboxTransport } from './payout-transport';
import { createPayoutsService } from './payouts.service';

/**
 * Issue 25 item 4, a real crash: a process running the payouts job is killed (SIGKILL) after the
 * provider took the transfer and before the payout was recorded paid. The next run, in another
 * process, sends it again with the same idempotency key (the payout id): the provider answers the
 * transfer it already made, the payout is recorded paid, and the contractor was paid once.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

const serviceOn = (db: Db) =>
  createPayoutsService({
    db,
    jobs: { send: async () => null },
    logger: pino({ level: 'silent' }),
    transport: createSandboxTransport(db),
    accountOf: async () => ({ last4: '4321', held: false }),
  });

/** A contractor with a bank account and a project of it, written straight to the tables. */
async function contractorWithProject(db: Db): Promise<{ contractorId: string; projectId: string }> {
  const [user] = await db
    .insert(users)
    .values({ email: `crash.${randomUUID()}@example.com`, userType: 'contractor' })
    .returning({ id: users.id });
  const [profile] = await db
    .insert(contractorProfiles)
    .values({
      userId: user?.id as string,
      companyName: 'Crash Test Roofing',
      contactName: 'Casey User',
      contactEmail: 'crash@example.com',
      contactPhone: '(214) 555-0101',
      businessAddress: '1 Main St, Dallas, TX 75201',
      workingStates: ['Texas'],
      verificationStatus: 'verified',
    })
    .returning({ id: contractorProfiles.id });
  const contractorId = profile?.id as string;
  await db.insert(contractorBanking).values({
    contractorId,
    bankName: 'First Test Bank',
    accountType: 'checking',
    accountHolderName: 'Casey User',
    routingNumberEncrypted: 'x',
    accountNumberEncrypted: 'x',
    routingNumberLast4: '0025',
    accountNumberLast4: '4321',
  });
  const projectId = await insertProject(
    { db },
    { contractorId, estimatedCost: 1_000_000, status: 'in_progress' },
  );
  return { contractorId, projectId };
}

describe(`a payouts process killed mid-transfer on ${testDbKind}`, () => {
  it('is finished by the next run, paying once', async () => {
    let child: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
    let open: () => Promise<Database>;
    if (testDbKind === 'postgres') {
      const fresh = await freshDatabase();
      cleanups.push(() => fresh.drop());
      cleanups.push(() => fresh.database.close());
      child = { kind: 'postgres', url: fresh.url as string };
      open = async () => fresh.database;
    } else {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-payout-crash-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      child = { kind: 'pglite', dataDir };
      const template = inject('pgliteTemplate');
      let first = true;
      open = async () => {
        const loadDataDir = first && template ? new Blob([readFileSync(template)]) : undefined;
        first = false;
        // the killed holder's DATA_DIR lock is taken over
        const database = await openDatabase({
          pgliteDir: path.join(dataDir, 'db'),
          lockDir: dataDir,
          loadDataDir,
        });
        cleanups.push(() => database.close());
        return database;
      };
    }

    // a payment received, its payout pending
    const setup = await open();
    const { contractorId, projectId } = await contractorWithProject(setup.db);
    const e = received(projectId, contractorId, 250_000);
    await setup.db.transaction((tx) => serviceOn(setup.db).recordPaymentReceived(tx, e));
    // PGlite is one process's: let the child have it
    if (child.kind === 'pglite') await setup.close();

    const running = await startPayoutChild({ db: child });
    expect(running.ready).toMatch(/^[0-9a-f-]{36}$/);
    await crash(running);

    const after = child.kind === 'pglite' ? await open() : setup;
    const payoutId = running.ready;
    const [stuck] = await after.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(stuck).toMatchObject({ status: 'sending', amountCents: 220_000 });
    expect(
      await after.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, payoutId)),
    ).toHaveLength(1);

    expect(await serviceOn(after.db).runDue()).toMatchObject({ paid: 1, failed: 0 });
    const transfers = await after.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.idempotencyKey, payoutId));
    expect(transfers).toEqual([expect.objectContaining({ amountCents: 220_000, destinationLast4: '4321' })]);
    const [paid] = await after.db
      .select({ p: payouts })
      .from(payouts)
      .innerJoin(payoutLedger, eq(payoutLedger.id, payouts.ledgerId))
      .where(eq(payoutLedger.jobPaymentId, e.jobPaymentId));
    expect(paid?.p).toMatchObject({ id: payoutId, status: 'paid', transferId: transfers[0]?.id });
  });
});
