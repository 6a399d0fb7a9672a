import { count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { StoredInsurance } from '../../../domain/contractors/credentials';
import { contractorShareCents } from '../../../domain/projects/workflow';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { encryptSecret, lastFour } from '../../platform/crypto';
import type { Db } from '../../platform/db/index';
import {
  contactMessages,
  contractorBanking,
  contractorLicenses,
  contractorProfiles,
  contractorTaxInfo,
  discountCodes,
  installRequests,
  messages,
  projects,
  sessions,
  users,
} from '../../platform/db/schema';
import type { Platform } from '../../platform/platform';
import type { ProjectsService } from '../projects/projects.service';
import {
  DEMO_ADMIN_LOCAL_PART,
  DEMO_CONTRACTOR_EMAIL,
  DEMO_HOMEOWNER_EMAIL,
  DEMO_PASSWORD,
  DEMO_PENDING_CONTRACTOR_EMAIL,
  type DemoContractor,
  type DemoInsurance,
  type DemoProject,
  demoAdmin,
  demoContactMessages,
  demoContractors,
  demoDiscountCodes,
  demoHomeowners,
  demoInstallRequests,
  demoProjects,
} from './demo-data';

/** What the seed needs from the platform (the projects service's too); a whole Platform fits. */
export type SeedPlatform = Pick<Platform, 'db' | 'config' | 'logger' | 'bus' | 'mailer'> & {
  /** The projects service of services.ts: demo projects are written by their owner. */
  projects: ProjectsService;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Serialises seeders: several processes starting together on one PostgreSQL server seed once. */
const SEED_LOCK = 727_274_101;
const DAY_MS = 86_400_000;

/** The contractor's share of the approved budget (spec: 88%), as the seed test reads it. */
export { contractorShareCents };

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
    const seeder = new Seeder(tx, platform, projectsService, passwordHash, now);
    await seeder.run();
    return true;
  });
}

class Seeder {
  private readonly userIds = new Map<string, string>();
  private readonly profileIds = new Map<string, string>();
  private readonly projectIds = new Map<string, string>();
  private readonly adminEmail: string;

  constructor(
    private readonly tx: Tx,
    private readonly platform: SeedPlatform,
    private readonly projectsService: Pick<ProjectsService, 'insertDemoProjects'>,
    private readonly passwordHash: string,
    private readonly now: number,
  ) {
    this.adminEmail = demoAdminEmail(platform.config.adminEmailDomain);
  }

  async run(): Promise<void> {
    await this.seedUsers();
    await this.seedContractors();
    await this.seedDiscountCodes();
    await this.seedProjects();
    await this.seedInstallRequests();
    await this.seedContactMessages();
  }

  /** A moment `days` before the seed ran. */
  private at(days: number): Date {
    return new Date(this.now - days * DAY_MS);
  }

  /** A calendar date `days` after the seed ran, as YYYY-MM-DD. */
  private dateIn(days: number): string {
    return new Date(this.now + days * DAY_MS).toISOString().slice(0, 10);
  }

  private userId(email: string): string {
    const id = this.userIds.get(email);
    if (!id) throw new Error(`Demo data refers to an unknown user: ${email}`);
    return id;
  }

  private profileId(email: string): string {
    const id = this.profileIds.get(email);
    if (!id) throw new Error(`Demo data refers to an unknown contractor: ${email}`);
    return id;
  }

  private async seedUsers(): Promise<void> {
    const people = [
      { ...demoAdmin, email: this.adminEmail, userType: 'admin' as const },
      ...demoHomeowners.map((p) => ({ ...p, userType: 'homeowner' as const })),
      ...demoContractors.map((c) => ({ ...c.user, userType: 'contractor' as const })),
    ];
    await this.tx
      .insert(users)
      .values(
        people.map((p) => {
          const createdAt = this.at(p.createdDaysAgo);
          return {
            email: p.email,
            passwordHash: this.passwordHash,
            firstName: p.firstName,
            lastName: p.lastName,
            phone: p.phone,
            city: p.city,
            state: p.state,
            userType: p.userType,
            isVerified: true,
            // Confirmed a few minutes after signing up.
            emailVerifiedAt: new Date(createdAt.getTime() + 7 * 60_000),
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .onConflictDoNothing({ target: users.email });
    const rows = await this.tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          people.map((p) => p.email),
        ),
      );
    for (const row of rows) this.userIds.set(row.email, row.id);
  }

  private async seedContractors(): Promise<void> {
    const adminId = this.userId(this.adminEmail);
    await this.tx
      .insert(contractorProfiles)
      .values(demoContractors.map((c) => this.profileRow(c, adminId)))
      .onConflictDoNothing({ target: contractorProfiles.userId });
    const rows = await this.tx
      .select({ id: contractorProfiles.id, userId: contractorProfiles.userId })
      .from(contractorProfiles)
      .where(
        inArray(
          contractorProfiles.userId,
          demoContractors.map((c) => this.userId(c.user.email)),
        ),
      );
    const emailByUserId = new Map(demoContractors.map((c) => [this.userId(c.user.email), c.user.email]));
    for (const row of rows) {
      const email = emailByUserId.get(row.userId);
      if (email) this.profileIds.set(email, row.id);
    }

    const licenses = demoContractors.flatMap((c) =>
      c.licenses.map((l) => {
        const createdAt = this.at(c.user.createdDaysAgo - 0.1);
        return {
          contractorId: this.profileId(c.user.email),
          state: l.state,
          licenseNumber: l.noLicenseRequired ? null : (l.licenseNumber ?? null),
          licenseType: l.noLicenseRequired ? null : (l.licenseType ?? null),
          expirationDate: l.expiresInDays === undefined ? null : this.dateIn(l.expiresInDays),
          noLicenseRequired: l.noLicenseRequired ?? false,
          licenseDocument: l.licenseDocument ?? null,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    if (licenses.length > 0) {
      await this.tx
        .insert(contractorLicenses)
        .values(licenses)
        .onConflictDoNothing({ target: [contractorLicenses.contractorId, contractorLicenses.state] });
    }

    const key = this.platform.config.encryptionKey;
    const banking = demoContractors.flatMap((c) => {
      if (!c.banking) return [];
      const createdAt = this.at(c.user.createdDaysAgo - 0.2);
      return [
        {
          contractorId: this.profileId(c.user.email),
          bankName: c.banking.bankName,
          accountType: c.banking.accountType,
          accountHolderName: c.banking.accountHolderName,
          routingNumberEncrypted: encryptSecret(key, c.banking.routingNumber),
          accountNumberEncrypted: encryptSecret(key, c.banking.accountNumber),
          routingNumberLast4: lastFour(c.banking.routingNumber),
          accountNumberLast4: lastFour(c.banking.accountNumber),
          createdAt,
          updatedAt: createdAt,
        },
      ];
    });
    if (banking.length > 0) {
      await this.tx
        .insert(contractorBanking)
        .values(banking)
        .onConflictDoNothing({ target: contractorBanking.contractorId });
    }

    const taxInfo = demoContractors.flatMap((c) => {
      if (!c.taxInfo) return [];
      const t = c.taxInfo;
      const createdAt = this.at(c.user.createdDaysAgo - 0.2);
      return [
        {
          contractorId: this.profileId(c.user.email),
          businessName: t.businessName,
          businessType: t.businessType,
          businessAddress: t.businessAddress,
          businessCity: c.businessCity,
          businessState: c.businessState,
          businessZip: c.businessZip,
          einEncrypted: t.ein ? encryptSecret(key, t.ein) : null,
          ssnEncrypted: t.ssn ? encryptSecret(key, t.ssn) : null,
          einLast4: t.ein ? lastFour(t.ein) : null,
          ssnLast4: t.ssn ? lastFour(t.ssn) : null,
          w9Document: t.w9Document ?? null,
          createdAt,
          updatedAt: createdAt,
        },
      ];
    });
    if (taxInfo.length > 0) {
      await this.tx
        .insert(contractorTaxInfo)
        .values(taxInfo)
        .onConflictDoNothing({ target: contractorTaxInfo.contractorId });
    }
  }

  private profileRow(c: DemoContractor, adminId: string): typeof contractorProfiles.$inferInsert {
    const createdAt = this.at(c.user.createdDaysAgo - 0.05);
    const decidedAt = c.decidedDaysAgo === undefined ? null : this.at(c.decidedDaysAgo);
    return {
      userId: this.userId(c.user.email),
      companyName: c.companyName,
      contactName: `${c.user.firstName} ${c.user.lastName}`,
      contactEmail: c.user.email,
      contactPhone: c.user.phone,
      businessAddress: `${c.street}, ${c.businessCity}, ${c.businessState} ${c.businessZip}`,
      businessCity: c.businessCity,
      businessState: c.businessState,
      businessZip: c.businessZip,
      website: c.website ?? null,
      workingStates: c.workingStates,
      travelDistance: c.travelDistance,
      specialties: c.specialties,
      yearsExperience: c.yearsExperience,
      rating: c.rating,
      totalProjects: c.totalProjects,
      isAvailable: c.isAvailable,
      verificationStatus: c.verificationStatus,
      verificationNotes: c.verificationNotes ?? null,
      verifiedAt: decidedAt,
      verifiedBy: decidedAt ? adminId : null,
      profileCompletionStatus: c.profileCompletionStatus,
      insuranceData: c.insurance ? this.insuranceData(c.insurance) : null,
      paymentSetupCompleted: c.banking !== undefined && c.taxInfo !== undefined,
      createdAt,
      updatedAt: decidedAt ?? createdAt,
    };
  }

  /** The insurance step's JSON (credentials.ts StoredInsurance), with expiration dates as calendar dates. */
  private insuranceData(i: DemoInsurance): StoredInsurance {
    const gl = i.generalLiability;
    const wc = i.workersCompensation;
    const dollars = (amount: string) => Number(amount.replace(/[$,\s]/g, ''));
    return {
      generalLiability: {
        carrier: gl.carrier,
        policyNumber: gl.policyNumber,
        expirationDate: this.dateIn(gl.expiresInDays),
        coverageAmount: dollars(gl.coverageAmount),
        document: gl.document,
        documentId: null,
      },
      workersCompensation:
        'notRequired' in wc
          ? { notRequired: true }
          : {
              carrier: wc.carrier,
              policyNumber: wc.policyNumber,
              expirationDate: this.dateIn(wc.expiresInDays),
              document: wc.document,
              documentId: null,
              notRequired: false,
            },
      bonding:
        'notRequired' in i.bonding
          ? { notRequired: true }
          : {
              carrier: i.bonding.carrier,
              bondAmount: dollars(i.bonding.bondAmount),
              expirationDate: null,
              document: i.bonding.document,
              documentId: null,
              notRequired: false,
            },
    };
  }

  private async seedDiscountCodes(): Promise<void> {
    const createdBy = this.userId(this.adminEmail);
    const createdAt = this.at(300);
    await this.tx
      .insert(discountCodes)
      .values(
        demoDiscountCodes.map((d) => ({ ...d, isActive: true, createdBy, createdAt, updatedAt: createdAt })),
      )
      .onConflictDoNothing({ target: discountCodes.code });
  }

  private async seedProjects(): Promise<void> {
    const titles = demoProjects.map((p) => p.title);
    const existing = await this.tx
      .select({ id: projects.id, title: projects.title })
      .from(projects)
      .where(inArray(projects.title, titles));
    for (const row of existing) this.projectIds.set(row.title, row.id);
    const missing = demoProjects.filter((p) => !this.projectIds.has(p.title));
    if (missing.length === 0) return;

    // Oldest first; each keeps the job number of its title (the projects service owns the table)
    const ordered = [...missing].sort((a, b) => b.createdDaysAgo - a.createdDaysAgo);
    const inserted = await this.projectsService.insertDemoProjects(
      this.tx,
      ordered.map((p) => this.projectRow(p)),
    );
    for (const row of inserted) this.projectIds.set(row.title, row.id);

    // Conversations belong to the projects created now; existing ones keep theirs.
    const conversation = ordered.flatMap((p) => {
      const projectId = this.projectIds.get(p.title);
      if (!p.messages || !p.contractorEmail || projectId === undefined) return [];
      const homeownerId = this.userId(p.homeownerEmail);
      const contractorUserId = this.userId(p.contractorEmail);
      return p.messages.map((m) => {
        const createdAt = this.at(m.daysAgo);
        const fromHomeowner = m.from === 'homeowner';
        return {
          projectId,
          senderId: fromHomeowner ? homeownerId : contractorUserId,
          receiverId: fromHomeowner ? contractorUserId : homeownerId,
          content: m.content,
          messageType: 'text',
          isRead: m.read,
          readAt: m.read ? new Date(Math.min(createdAt.getTime() + 40 * 60_000, this.now)) : null,
          createdAt,
        };
      });
    });
    if (conversation.length > 0) await this.tx.insert(messages).values(conversation);
  }

  private projectRow(p: DemoProject): typeof projects.$inferInsert & { title: string } {
    const w = p.workflow ?? {};
    const maybe = (days: number | undefined) => (days === undefined ? null : this.at(days));
    const createdAt = this.at(p.createdDaysAgo);
    const startDate = maybe(p.startDaysAgo);
    const completionDate = p.status === 'completed' ? maybe(w.install?.daysAgo) : null;
    const row = {
      title: p.title,
      description: p.description,
      address: p.address,
      city: p.city,
      state: p.state,
      zipCode: p.zipCode,
      roofArea: p.roofArea,
      roofType: p.roofType,
      materialPreference: p.materialPreference,
      priority: p.priority,
      status: p.status,
      estimatedCost: p.estimatedCost,
      finalCost: p.status === 'completed' ? (p.finalCost ?? p.estimatedCost) : null,
      contractorPaymentAmount: p.contractorEmail ? contractorShareCents(p.estimatedCost) : null,
      contractorId: p.contractorEmail ? this.profileId(p.contractorEmail) : null,
      homeownerId: this.userId(p.homeownerEmail),
      preferredContractorId: p.preferredContractorEmail ? this.profileId(p.preferredContractorEmail) : null,
      source: p.source,
      createdBy: p.source === 'admin' ? this.userId(this.adminEmail) : null,
      createdAt,
      startDate,
      completionDate,
      homeownerContactCompleted: w.contact !== undefined,
      homeownerContactDate: maybe(w.contact?.daysAgo),
      homeownerContactNotes: w.contact?.notes ?? null,
      materialSelectionCompleted: w.materialSelection !== undefined,
      materialSelectionDate: maybe(w.materialSelection?.daysAgo),
      selectedMaterial: w.materialSelection?.selectedMaterial ?? null,
      homeownerSignatureConfirmed: w.materialSelection?.signatureDaysAgo !== undefined,
      homeownerSignatureDate: maybe(w.materialSelection?.signatureDaysAgo),
      signatureDocument: w.materialSelection?.signatureDocument ?? null,
      permitStatus: w.permit?.status ?? ('application_needed' as const),
      permitApplicationDate: maybe(w.permit?.appliedDaysAgo),
      permitIssuedDate: maybe(w.permit?.issuedDaysAgo),
      permitNotes: w.permit?.notes ?? null,
      materialStatus: w.material?.status ?? ('not_ordered' as const),
      materialOrderedDate: maybe(w.material?.orderedDaysAgo),
      materialDeliveryDate: maybe(w.material?.expectedDaysAgo),
      materialDeliveredDate: maybe(w.material?.deliveredDaysAgo),
      materialNotes: w.material?.notes ?? null,
      crewScheduled: w.crew !== undefined,
      crewScheduledDate: maybe(w.crew?.daysAgo),
      crewScheduledNotes: w.crew?.notes ?? null,
      installCompleted: w.install !== undefined,
      installCompletedDate: maybe(w.install?.daysAgo),
      installNotes: w.install?.notes ?? null,
    };
    // Last touched by the latest step that already happened (the expected delivery may lie ahead).
    const moments = [
      createdAt,
      maybe(p.assignedDaysAgo),
      startDate,
      row.homeownerContactDate,
      row.materialSelectionDate,
      row.homeownerSignatureDate,
      row.permitApplicationDate,
      row.permitIssuedDate,
      row.materialOrderedDate,
      row.materialDeliveredDate,
      row.crewScheduledDate,
      row.installCompletedDate,
    ].filter((d): d is Date => d !== null && d.getTime() <= this.now);
    const updatedAt = new Date(Math.max(...moments.map((d) => d.getTime())));
    return { ...row, updatedAt };
  }

  private async seedInstallRequests(): Promise<void> {
    const existing = await this.tx
      .select({ email: installRequests.email, address: installRequests.address })
      .from(installRequests)
      .where(
        inArray(
          installRequests.email,
          demoInstallRequests.map((r) => r.email),
        ),
      );
    const seen = new Set(existing.map((r) => `${r.email}|${r.address}`));
    const rows = demoInstallRequests
      .filter((r) => !seen.has(`${r.email}|${r.address}`))
      .map((r) => ({
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        phone: r.phone,
        address: r.address,
        city: r.city,
        state: r.state,
        zipCode: r.zipCode,
        insuranceCompany: r.insuranceCompany ?? null,
        claimNumber: r.claimNumber ?? null,
        approvedAmount: r.approvedAmount ?? null,
        projectDescription: r.projectDescription,
        urgency: r.urgency,
        preferredStartDate: r.preferredStartInDays === undefined ? null : this.dateIn(r.preferredStartInDays),
        preferredContractorId: r.preferredContractorEmail ? this.profileId(r.preferredContractorEmail) : null,
        userId: r.userEmail ? this.userId(r.userEmail) : null,
        projectId: r.projectTitle ? (this.projectIds.get(r.projectTitle) ?? null) : null,
        createdAt: this.at(r.createdDaysAgo),
      }));
    if (rows.length > 0) await this.tx.insert(installRequests).values(rows);
  }

  private async seedContactMessages(): Promise<void> {
    const existing = await this.tx
      .select({ email: contactMessages.email, message: contactMessages.message })
      .from(contactMessages)
      .where(
        inArray(
          contactMessages.email,
          demoContactMessages.map((m) => m.email),
        ),
      );
    const seen = new Set(existing.map((m) => `${m.email}|${m.message}`));
    const rows = demoContactMessages
      .filter((m) => !seen.has(`${m.email}|${m.message}`))
      .map((m) => {
        const createdAt = this.at(m.createdDaysAgo);
        return {
          channel: m.channel,
          name: m.name ?? null,
          firstName: m.firstName ?? null,
          lastName: m.lastName ?? null,
          email: m.email,
          phone: m.phone ?? null,
          subject: m.subject ?? null,
          message: m.message,
          projectId: m.projectId ?? null,
          userId: m.userEmail ? this.userId(m.userEmail) : null,
          // Already handed over to support: the job queue has nothing left to deliver.
          deliveryStatus: 'delivered' as const,
          deliveryAttempts: 1,
          deliveredAt: new Date(createdAt.getTime() + 5_000),
          createdAt,
        };
      });
    if (rows.length > 0) await this.tx.insert(contactMessages).values(rows);
  }
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
  },
) {
  return {
    seedDemoData: () => seedDemoData(deps),
    seedDemoDataIfEmpty: () => seedDemoDataIfEmpty(deps),
    removeDemoPasswords: () => removeDemoPasswords(deps),
  };
}

export type SeedService = ReturnType<typeof createSeedService>;
