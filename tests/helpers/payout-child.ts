/**
 * A second process for the payout crash test, started from the run's bundle (server-bundle.ts).
 * argv[2] is a JSON PayoutChildTask. It runs the payouts job once with the sandbox transport; the
 * moment the provider has taken a transfer, before it is recorded, it prints `READY <payout id>`
 * and hangs until the test kills it with SIGKILL: a crash at the worst moment.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { createSandboxTransport } from '../../src/server/features/payouts/payout-transport';
import { createPayoutsService } from '../../src/server/features/payouts/payouts.service';
import { openDatabase } from '../../src/server/platform/db/index';
import { contractorBanking, contractorProfiles } from '../../src/server/platform/db/schema';
import type { ChildDatabase } from './queue-child';

export interface PayoutChildTask {
  db: ChildDatabase;
}

const task = JSON.parse(process.argv[2] ?? '{}') as PayoutChildTask;
const database = await openDatabase(
  task.db.kind === 'postgres'
    ? { databaseUrl: task.db.url, poolSize: 3 }
    : { pgliteDir: path.join(task.db.dataDir, 'db'), lockDir: task.db.dataDir },
);
const { db } = database;
const sandbox = createSandboxTransport(db);
const payouts = createPayoutsService({
  db,
  jobs: { send: async () => null },
  logger: pino({ level: 'silent' }),
  transport: {
    ...sandbox,
    async transfer(input) {
      const made = await sandbox.transfer(input);
      console.log(`READY ${input.idempotencyKey}`);
      // the process dies here, after the provider took the transfer and before it is recorded
      await new Promise(() => setInterval(() => {}, 60_000));
      return made;
    },
  },
  // where the money goes, read as the contractors feature does (the bank account in force, the hold)
  async accountOf(contractorId) {
    const [profile] = await db
      .select()
      .from(contractorProfiles)
      .where(eq(contractorProfiles.id, contractorId));
    if (!profile) return null;
    const [bank] = await db
      .select()
      .from(contractorBanking)
      .where(eq(contractorBanking.contractorId, contractorId));
    return { last4: bank?.accountNumberLast4 ?? null, held: profile.payoutHoldReason !== null };
  },
});
await payouts.runDue();
console.log('READY none');
