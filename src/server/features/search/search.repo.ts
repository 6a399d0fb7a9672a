import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { contractorLicenses, contractorProfiles, reviews, users } from '../../platform/db/schema';
import type { ReadCache } from '../../platform/read-cache';
import { insuredUntilSql, liabilityLapsedSql, licensedUntilSql } from '../contractors';
import { contractorRatingSql, reviewCountSql } from '../reviews';

const cardColumns = {
  id: contractorProfiles.id,
  companyName: contractorProfiles.companyName,
  verificationStatus: contractorProfiles.verificationStatus,
  city: sql<string | null>`coalesce(${users.city}, ${contractorProfiles.businessCity})`,
  state: sql<string | null>`coalesce(${users.state}, ${contractorProfiles.businessState})`,
  rating: contractorRatingSql('"contractor_profiles"'),
  reviewCount: reviewCountSql('"contractor_profiles"'),
  totalProjects: contractorProfiles.totalProjects,
  yearsExperience: contractorProfiles.yearsExperience,
  isAvailable: contractorProfiles.isAvailable,
  specialties: contractorProfiles.specialties,
  businessZip: contractorProfiles.businessZip,
  travelDistance: contractorProfiles.travelDistance,
  licensedUntil: licensedUntilSql('"contractor_profiles"'),
  insuredUntil: insuredUntilSql('"contractor_profiles"'),
  /** General liability missing or expired: shown busy, no new matches until renewed. */
  liabilityLapsed: liabilityLapsedSql('"contractor_profiles"'),
};

export type ContractorCandidate = Awaited<
  ReturnType<ReturnType<typeof createSearchRepo>['candidates']>
>[number];

export function createSearchRepo(db: Db, cache: ReadCache) {
  // The public search's query, with and without a specialty: built and named once, so neither
  // Drizzle nor the database prepares it again per request.
  const candidatesQuery = (withSpecialty: boolean) =>
    db
      .select(cardColumns)
      .from(contractorProfiles)
      .innerJoin(users, eq(users.id, contractorProfiles.userId))
      .where(
        and(
          eq(contractorProfiles.verificationStatus, 'verified'),
          sql`${contractorProfiles.workingStates} @> ${sql.placeholder('states')}::jsonb`,
          withSpecialty
            ? sql`${contractorProfiles.specialties} @> ${sql.placeholder('specialties')}::jsonb`
            : undefined,
        ),
      )
      .prepare(withSpecialty ? 'search_candidates_specialty' : 'search_candidates');
  const inState = candidatesQuery(false);
  const inStateWithSpecialty = candidatesQuery(true);
  // the public search, per state and specialty, until a contractor, their user or licences change
  // (or the day does: the badges compare expiry dates with today)
  const candidates = cache.define<Awaited<ReturnType<typeof inState.execute>>>(
    'search.candidates',
    [contractorProfiles, users, contractorLicenses, reviews],
    { dependsOnToday: true },
  );

  return {
    /** Verified contractors working in `state`, with `specialty` when given; distance is checked by the caller. */
    async candidates(filter: { state: string; specialty?: string }) {
      const states = JSON.stringify([filter.state]);
      return candidates.get(JSON.stringify([filter.state, filter.specialty ?? null]), () =>
        filter.specialty
          ? inStateWithSpecialty.execute({ states, specialties: JSON.stringify([filter.specialty]) })
          : inState.execute({ states }),
      );
    },

    /** Every verified contractor with what the Assign Contractor ranking weighs, and its current load. */
    async suggestionCandidates() {
      return db
        .select({
          id: contractorProfiles.id,
          companyName: contractorProfiles.companyName,
          rating: contractorRatingSql('"contractor_profiles"'),
          reviewCount: reviewCountSql('"contractor_profiles"'),
          isAvailable: contractorProfiles.isAvailable,
          liabilityLapsed: liabilityLapsedSql('"contractor_profiles"'),
          workingStates: contractorProfiles.workingStates,
          travelDistance: contractorProfiles.travelDistance,
          businessZip: contractorProfiles.businessZip,
          activeProjects: sql<number>`(select count(*)::int from projects p
            where p.contractor_id = ${contractorProfiles.id} and p.status in ('matched', 'in_progress'))`,
        })
        .from(contractorProfiles)
        .where(eq(contractorProfiles.verificationStatus, 'verified'));
    },

    async verifiedContractor(id: string) {
      const [row] = await db
        .select(cardColumns)
        .from(contractorProfiles)
        .innerJoin(users, eq(users.id, contractorProfiles.userId))
        .where(and(eq(contractorProfiles.id, id), eq(contractorProfiles.verificationStatus, 'verified')))
        .limit(1);
      return row;
    },
  };
}
