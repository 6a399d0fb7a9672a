import { z } from 'zod';
import {
  type AvailableContractorsQuery,
  type ContractorCard,
  type ContractorSummary,
  haversineMiles,
  searchMessages,
} from '../../../domain/search/contractors';
import { rankSuggestions, type Suggestion } from '../../../domain/search/suggestions';
import { US_STATES } from '../../../domain/us-states';
import type { Db } from '../../platform/db/index';
import { NotFoundError, ValidationError } from '../../platform/errors';
import type { ReadCache } from '../../platform/read-cache';
import { createSearchRepo } from './search.repo';
import { lookupZip } from './zip-centroids';

const uuid = z.uuid();

/** 'TX' or 'Texas' -> 'Texas' (working states are full names); undefined when neither. */
function stateName(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  return US_STATES.find((s) => s.abbr.toLowerCase() === v || s.name.toLowerCase() === v)?.name;
}

export function createSearchService(deps: { db: Db; readCache: ReadCache }) {
  const repo = createSearchRepo(deps.db, deps.readCache);

  return {
    /**
     * Verified contractors who serve `zip`: its state is one of their working states and the
     * straight-line distance from their business ZIP is within their travel distance.
     * Best rated first, then nearest, then by name.
     */
    async available(query: AvailableContractorsQuery): Promise<ContractorCard[]> {
      const target = lookupZip(query.zip);
      if (!target) {
        throw new ValidationError(searchMessages.zipUnknown(query.zip), {
          zip: [searchMessages.zipUnknown(query.zip)],
        });
      }
      const candidates = await repo.candidates({ state: target.state, specialty: query.specialty });
      const cards: ContractorCard[] = [];
      for (const c of candidates) {
        // a contractor whose business ZIP we cannot place cannot be shown a distance: left out
        const home = c.businessZip ? lookupZip(c.businessZip.trim().slice(0, 5)) : undefined;
        if (!home) continue;
        const miles = haversineMiles(home.latitude, home.longitude, target.latitude, target.longitude);
        if (miles > c.travelDistance) continue;
        cards.push({
          id: c.id,
          companyName: c.companyName,
          verificationStatus: c.verificationStatus,
          user: { city: c.city, state: c.state },
          rating: c.rating,
          reviewCount: c.reviewCount,
          totalProjects: c.totalProjects,
          yearsExperience: c.yearsExperience,
          isAvailable: c.isAvailable && !c.liabilityLapsed,
          specialties: c.specialties,
          distanceMiles: Math.round(miles * 10) / 10,
          licensedUntil: c.licensedUntil,
          insuredUntil: c.insuredUntil,
        });
      }
      return cards.sort(
        (a, b) =>
          b.rating - a.rating ||
          a.distanceMiles - b.distanceMiles ||
          a.companyName.localeCompare(b.companyName),
      );
    },

    /**
     * Verified contractors ranked for a project at `zip` in `state` (a postal code or a full name),
     * each with its reasons (the Assign Contractor dialog).
     */
    async suggest(location: { zip: string | null; state: string | null }): Promise<Suggestion[]> {
      const target = location.zip ? lookupZip(location.zip.trim().slice(0, 5)) : undefined;
      const state = stateName(location.state) ?? target?.state ?? null;
      const candidates = await repo.suggestionCandidates();
      return rankSuggestions(
        candidates.map((c) => {
          const home = c.businessZip ? lookupZip(c.businessZip.trim().slice(0, 5)) : undefined;
          return {
            ...c,
            distanceMiles:
              home && target
                ? haversineMiles(home.latitude, home.longitude, target.latitude, target.longitude)
                : null,
          };
        }),
        state,
      );
    },

    /** A verified contractor's name and place, for the install request's preferred contractor. */
    async summary(id: string): Promise<ContractorSummary> {
      if (!uuid.safeParse(id).success) throw new NotFoundError(searchMessages.contractorNotFound);
      const row = await repo.verifiedContractor(id);
      if (!row) throw new NotFoundError(searchMessages.contractorNotFound);
      return {
        id: row.id,
        companyName: row.companyName,
        city: row.city,
        state: row.state,
        rating: row.rating,
        reviewCount: row.reviewCount,
        isAvailable: row.isAvailable && !row.liabilityLapsed,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
