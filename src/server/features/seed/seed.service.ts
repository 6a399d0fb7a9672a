import { count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { Db } from '../../platform/db/index';
import {
  contractorProfiles,
  discountCodes,
  messages,
  projects,
  sessions,
  users,
} from '../../platform/db/schema';
import type { Platform } from '../../platform/platform';
import type { JobPaymentsService } from '../payments';
import type { PayoutsService } from '../payouts';
import type { ProjectsService } from '../projects';
import type { ReviewsService } from '../reviews';
import type { WarrantiesService } from '../warranties';
import {
  DEMO_ADMIN_LOCAL_PART,
  DEMO_CONTRACTOR_EMAIL,
  DEMO_HOMEOWNER_EMAIL,
  DEMO_PASSWORD,
  DEMO_PENDING_CONTRACTOR_EMAIL,
  demoContractors,
  demoHomeowners,
} from './demo-data';
import { seedJobPayments } from './seed-job-payments';
import { seedPayouts } from './seed-payouts';
import { seedContractors, seedUsers } from './seed-people';
import { seedContactMessages, seedDiscountCodes, seedInstallRequests, seedProjects } from './seed-projects';
import { seedReviews } from './seed-reviews';
import { SeedState, type Tx } from './seed-state';
import { seedWarranties } from './seed-warranties';

/** What the seed needs from the platform (the projects service's too); a whole Platform fits. */
export type SeedPlatform = Pick<Platform, 'db' | 'config' | 'logger' | 'bus' | 'mailer'> & {
  /** The projects service of services.ts: demo projects are written by their owner. */
  projects: ProjectsService;
  /** The reviews service of services.ts: demo reviews are written by their owner. */
  reviews: Pick<ReviewsService, 'insertDemoReviews'>;
  /** The payments feature's job payments: the demo jobs under way ask their first payment. */
  jobPayments: Pick<JobPaymentsService, 'requestPart' | 'insertDemoPaid'>;
  /** The payouts service of services.ts: the demo's completed jobs were paid (ledger and payouts). */
  payouts: Pick<PayoutsService, 'recordPaymentReceived'>;
  /** The warranties service of services.ts: the demo warranty is issued by its owner. */
  warranties: Pick<WarrantiesService, 'insertDemoWarranty'>;
};

/** Serialises seeders: several processes starting together on one PostgreSQL server seed once. */
const SEED_LOCK = 727_274_101;

export function demoAdminEmail(adminEmailDomain: string): string {
  return `${DEMO_ADMIN_LOCAL_PART}@${adminEmailDomain}`;
}

/** The sign-ins printed by `npm run seed`. */
export function demoLogins(adminEmailDomain: string): { email: string; role: string }[] {
  return [
    { email: demoAdminEmail(adminEmailDomain), role: 'admin' },
    { email: DEMO_CONTRACTOR_EMAIL, role: 'contractor (verified)' },
    { email: DEMO_PENDING_CONTRACTOR_EMAIL, role: 'contractor (verification pending)' },
    { email: DEMO_HOMEOWNER_EMAIL, role: 'homeowner' },
  ];
}

/**
 * Loads the demo data. Idempotent: rows are found by e-mail, user, code or job id and never
 * overwritten, so running it on a seeded (or partly seeded) database adds only what is missing.
 */
export async function seedDemoData(platform: SeedPlatform): Promise<void> {
  await runSeed(platform, false);
}

/** Loads the demo data only when no user exists yet (first start). True when it loaded. */
export async function seedDemoDataIfEmpty(platform: SeedPlatform): Promise<boolean> {
  if (await hasUsers(platform.db)) return false;
  const loaded = await runSeed(platform, true);
  if (loaded)
    platform.logger.info('Loaded demo data (sign in with the demo accounts; password ridgeline-demo)');
  return loaded;
}

/** Every e-mail address the demo data creates an account for. */
export function demoAccountEmails(adminEmailDomain: string): string[] {
  return [
    demoAdminEmail(adminEmailDomain),
    ...demoHomeowners.map((h) => h.email),
    ...demoContractors.map((c) => c.user.email),
  ];
}

/**
 * In production without SEED_DEMO=1 no account may sign in with the published demo password: a
 * demo account whose password is still the demo one (demo data loaded by an earlier start, or a
 * copied database) loses its password and its sessions. Its owner can set a new one through the
 * usual claim/reset flow; an admin can use `npm run create-admin`. Returns the addresses changed.
 */
export async function removeDemoPasswords(platform: Pick<Platform, 'db' | 'config' | 'logger' | 'sessions'>) {
  const { db } = platform;
  const rows = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      sql`${inArray(users.email, demoAccountEmails(platform.config.adminEmailDomain))} and ${isNotNull(users.passwordHash)}`,
    );
  // the seed gives every demo account the same hash: verify each distinct hash once
  const isDemo = new Map<string, Promise<boolean>>();
  const changed: string[] = [];
  for (const row of rows) {
    const hash = row.passwordHash as string;
    if (!isDemo.has(hash)) isDemo.set(hash, verifyPassword(hash, DEMO_PASSWORD));
    if (!(await isDemo.get(hash))) continue;
    await db.update(users).set({ passwordHash: null, updatedAt: new Date() }).where(eq(users.id, row.id));
    await db.delete(sessions).where(eq(sessions.userId, row.id));
    await platform.sessions.userChanged(row.id);
    changed.push(row.email);
  }
  if (changed.length > 0) {
    platform.logger.warn(
      { accounts: changed },
      'Removed the demo password from demo accounts and signed them out (production without SEED_DEMO=1)',
    );
  }
  return changed;
}

async function hasUsers(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

async function runSeed(platform: SeedPlatform, onlyIfEmpty: boolean): Promise<boolean> {
  // One argon2 hash for every demo account: start-up stays fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const projectsService = platform.projects;
  return platform.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (onlyIfEmpty && (await hasUsers(tx))) return false;
    const s = new SeedState(
      tx,
      platform,
      projectsService,
      passwordHash,
      now,
      demoAdminEmail(platform.config.adminEmailDomain),
    );
    await seedUsers(s);
    await seedContractors(s);
    await seedDiscountCodes(s);
    await seedProjects(s);
    await seedReviews(s);
    await seedJobPayments(s);
    await seedPayouts(s);
    await seedWarranties(s);
    await seedInstallRequests(s);
    await seedContactMessages(s);
    return true;
  });
}

export interface DemoDataSummary {
  users: Record<string, number>;
  contractors: Record<string, number>;
  projects: Record<string, number>;
  messages: number;
  discountCodes: number;
}

/** Counts for the seed command's summary. */
export async function summarizeData(db: Db): Promise<DemoDataSummary> {
  const byType = await db.select({ key: users.userType, n: count() }).from(users).groupBy(users.userType);
  const byVerification = await db
    .select({ key: contractorProfiles.verificationStatus, n: count() })
    .from(contractorProfiles)
    .groupBy(contractorProfiles.verificationStatus);
  const byStatus = await db
    .select({ key: projects.status, n: count() })
    .from(projects)
    .groupBy(projects.status);
  const [messageCount] = await db.select({ n: count() }).from(messages);
  const [codeCount] = await db
    .select({ n: count() })
    .from(discountCodes)
    .where(eq(discountCodes.isActive, true));
  const toRecord = (rows: { key: string; n: number }[]) =>
    Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
  return {
    users: toRecord(byType),
    contractors: toRecord(byVerification),
    projects: toRecord(byStatus),
    messages: Number(messageCount?.n ?? 0),
    discountCodes: Number(codeCount?.n ?? 0),
  };
}

/** The demo data as the composition root (services.ts) builds it: for main.ts and `npm run seed`. */
export function createSeedService(
  deps: Pick<Platform, 'db' | 'config' | 'logger' | 'sessions' | 'bus' | 'mailer'> & {
    projects: ProjectsService;
    reviews: Pick<ReviewsService, 'insertDemoReviews'>;
    jobPayments: Pick<JobPaymentsService, 'requestPart' | 'insertDemoPaid'>;
    payouts: Pick<PayoutsService, 'recordPaymentReceived'>;
    warranties: Pick<WarrantiesService, 'insertDemoWarranty'>;
  },
) {
  return {
    seedDemoData: () => seedDemoData(deps),
    seedDemoDataIfEmpty: () => seedDemoDataIfEmpty(deps),
    removeDemoPasswords: () => removeDemoPasswords(deps),
  };
}

export type SeedService = ReturnType<typeof createSeedService>;
