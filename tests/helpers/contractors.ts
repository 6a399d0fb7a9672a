import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { StoredInsurance } from '../../src/domain/contractors/credentials';
import { contractorProfiles, projects, reviews, users } from '../../src/server/platform/db/schema';
import type { Platform } from '../../src/server/platform/platform';

export interface TestContractor {
  companyName: string;
  businessZip: string | null;
  workingStates: string[];
  travelDistance: number;
  specialties?: string[];
  /** The stars of its reviews (each on a completed project of a homeowner made for it); none by default. */
  reviews?: number[];
  isAvailable?: boolean;
  verificationStatus?: 'pending' | 'pending_verification' | 'verified' | 'rejected';
  city?: string;
  state?: string;
  totalProjects?: number;
  yearsExperience?: number;
  /** The insurance step's data; by default general liability valid for a year (null: none). */
  insurance?: StoredInsurance | null;
}

/** A calendar date `days` from today (UTC). */
export function dateInDays(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function generalLiabilityFor(days: number): StoredInsurance {
  return {
    generalLiability: {
      carrier: 'The Hartford',
      policyNumber: 'GL-1',
      expirationDate: dateInDays(days),
      coverageAmount: 1_000_000,
      document: null,
      documentId: null,
    },
    workersCompensation: { notRequired: true },
    bonding: { notRequired: true },
  };
}

/** Inserts a contractor user and profile; answers the profile id. */
export async function insertContractor(platform: Platform, c: TestContractor): Promise<string> {
  const [user] = await platform.db
    .insert(users)
    .values({
      email: `contractor-${randomUUID()}@example.com`,
      firstName: 'Casey',
      lastName: 'Builder',
      userType: 'contractor',
      city: c.city ?? null,
      state: c.state ?? null,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert failed');
  const [profile] = await platform.db
    .insert(contractorProfiles)
    .values({
      userId: user.id,
      companyName: c.companyName,
      contactName: 'Casey Builder',
      contactEmail: 'casey@example.com',
      contactPhone: '555-0100',
      businessAddress: '1 Main St',
      businessZip: c.businessZip,
      workingStates: c.workingStates,
      travelDistance: c.travelDistance,
      specialties: c.specialties ?? ['Residential'],
      totalProjects: c.totalProjects ?? 12,
      yearsExperience: c.yearsExperience ?? 8,
      isAvailable: c.isAvailable ?? true,
      verificationStatus: c.verificationStatus ?? 'verified',
      insuranceData: c.insurance === undefined ? generalLiabilityFor(365) : c.insurance,
    })
    .returning({ id: contractorProfiles.id });
  if (!profile) throw new Error('profile insert failed');
  await insertReviews(platform, profile.id, c.reviews ?? []);
  return profile.id;
}

/** Reviews of a contractor with these stars, each on its own completed project of a new homeowner. */
export async function insertReviews(
  platform: Platform,
  contractorId: string,
  stars: number[],
): Promise<void> {
  if (stars.length === 0) return;
  const [owner] = await platform.db
    .insert(users)
    .values({ email: `reviewer-${randomUUID()}@example.com`, firstName: 'Robin', lastName: 'Reviewer' })
    .returning({ id: users.id });
  if (!owner) throw new Error('user insert failed');
  for (const rating of stars) {
    const [project] = await platform.db
      .insert(projects)
      .values({
        title: `SWRX-2026-${randomUUID().slice(0, 8)}`,
        address: '1 Review Rd',
        status: 'completed',
        workAcceptedAt: new Date(),
        homeownerId: owner.id,
        contractorId,
      })
      .returning({ id: projects.id });
    if (!project) throw new Error('project insert failed');
    await platform.db.insert(reviews).values({
      projectId: project.id,
      contractorId,
      homeownerId: owner.id,
      rating,
      comment: `${rating} stars`,
    });
  }
}

/**
 * A contractor profile (as insertContractor makes it) given to a user already signed in (e.g. by
 * createUserWithSession), so tests act as that profile's contractor; answers the profile id.
 */
export async function giveContractorProfile(
  platform: Platform,
  userId: string,
  c: TestContractor = {
    companyName: 'Crew Roofing',
    businessZip: '75201',
    workingStates: ['Texas'],
    travelDistance: 50,
  },
): Promise<string> {
  const profileId = await insertContractor(platform, c);
  await platform.db.update(contractorProfiles).set({ userId }).where(eq(contractorProfiles.id, profileId));
  return profileId;
}
