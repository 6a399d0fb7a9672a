import { z } from 'zod';
import { reviewCountText } from '../reviews/rating';

/**
 * Ranked contractor suggestions for a project (issue 12: the Assign Contractor dialog). Only
 * verified contractors are candidates; each is scored on distance from the project, working
 * state, rating, availability and current load, and every point of the score has a reason the
 * admin can read.
 */

export interface SuggestionCandidate {
  id: string;
  companyName: string;
  rating: number;
  reviewCount: number;
  isAvailable: boolean;
  /** General liability missing or expired: never suggested (no new matches until renewed). */
  liabilityLapsed: boolean;
  workingStates: string[];
  travelDistance: number;
  /** Straight-line miles from the business ZIP to the project's ZIP; null when either is unknown. */
  distanceMiles: number | null;
  /** Projects matched or in progress. */
  activeProjects: number;
}

export const suggestionSchema = z
  .object({
    contractorId: z.string(),
    companyName: z.string(),
    score: z.number(),
    distanceMiles: z.number().nullable(),
    rating: z.number(),
    reviewCount: z.number().int(),
    activeProjects: z.number().int(),
    isAvailable: z.boolean(),
    worksInState: z.boolean(),
    withinRange: z.boolean(),
    /** Why it ranks where it does, best first: 'Works in Texas', '12.4 miles away (range 100)'. */
    reasons: z.array(z.string()),
    /** What speaks against it (shown as warnings). */
    concerns: z.array(z.string()),
  })
  .meta({ id: 'ContractorSuggestion' });
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionListSchema = z.array(suggestionSchema).meta({ id: 'ContractorSuggestions' });

/** Weights of the score (points). */
export const SUGGESTION_WEIGHTS = {
  worksInState: 40,
  withinRange: 25,
  /** Up to this many points for distance: full at 0 miles, none at the edge of the range. */
  nearness: 20,
  /** Per rating star above 3. */
  ratingStar: 10,
  available: 60,
  /** Lost per active project, up to five. */
  perActiveProject: 4,
} as const;

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** One candidate's score and reasons for a project in `projectState` (full state name). */
export function scoreCandidate(c: SuggestionCandidate, projectState: string | null): Suggestion {
  const w = SUGGESTION_WEIGHTS;
  const reasons: string[] = [];
  const concerns: string[] = [];
  let score = 0;

  const worksInState = projectState !== null && c.workingStates.includes(projectState);
  if (worksInState) {
    score += w.worksInState;
    reasons.push(`Works in ${projectState}`);
  } else {
    concerns.push(projectState ? `Does not work in ${projectState}` : 'The project has no state');
  }

  let withinRange = false;
  if (c.distanceMiles === null) {
    concerns.push('Distance unknown (ZIP code missing)');
  } else {
    const miles = round1(c.distanceMiles);
    withinRange = c.distanceMiles <= c.travelDistance;
    if (withinRange) {
      score += w.withinRange;
      const nearness = c.travelDistance > 0 ? 1 - c.distanceMiles / c.travelDistance : 1;
      score += w.nearness * nearness;
      reasons.push(`${miles} miles away (travels up to ${c.travelDistance})`);
    } else {
      concerns.push(`${miles} miles away, beyond its ${c.travelDistance}-mile range`);
    }
  }

  score += w.ratingStar * (c.rating - 3);
  const rated = `Rated ${c.rating.toFixed(1)} of 5 (${reviewCountText(c.reviewCount)})`;
  if (c.reviewCount > 0 && c.rating >= 4) reasons.push(rated);
  else concerns.push(c.reviewCount > 0 ? rated : reviewCountText(0));

  if (c.isAvailable) {
    score += w.available;
    reasons.push('Available');
  } else {
    concerns.push('Busy (not taking new projects)');
  }

  score -= w.perActiveProject * Math.min(c.activeProjects, 5);
  if (c.activeProjects === 0) reasons.push('No active projects');
  else
    (c.activeProjects >= 3 ? concerns : reasons).push(
      `${c.activeProjects} active project${c.activeProjects === 1 ? '' : 's'}`,
    );

  return {
    contractorId: c.id,
    companyName: c.companyName,
    score: round1(score),
    distanceMiles: c.distanceMiles === null ? null : round1(c.distanceMiles),
    rating: c.rating,
    reviewCount: c.reviewCount,
    activeProjects: c.activeProjects,
    isAvailable: c.isAvailable,
    worksInState,
    withinRange,
    reasons,
    concerns,
  };
}

/** Every eligible candidate, best first (ties: nearer, then by name). Lapsed insurance is left out. */
export function rankSuggestions(
  candidates: SuggestionCandidate[],
  projectState: string | null,
): Suggestion[] {
  return candidates
    .filter((c) => !c.liabilityLapsed)
    .map((c) => scoreCandidate(c, projectState))
    .sort(
      (a, b) =>
        b.score - a.score ||
        (a.distanceMiles ?? Number.POSITIVE_INFINITY) - (b.distanceMiles ?? Number.POSITIVE_INFINITY) ||
        a.companyName.localeCompare(b.companyName),
    );
}
