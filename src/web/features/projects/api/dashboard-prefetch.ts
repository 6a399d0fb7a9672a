import type { ContractorProfile } from '@domain/contractors/profile';
import type { Project } from '@domain/projects/schemas';

/**
 * The contractor dashboard's data, asked for as soon as the page's code runs on a page load (issue
 * 27 #5): the profile at once, not after the session answered, and the projects as soon as the
 * profile names a verified contractor, not after the board rendered. Before, the three requests
 * ran one after another with a render between each (session, profile, projects): on a phone's
 * slow connection and CPU, seconds before the jobs showed.
 *
 * Each answer is taken once, by the query that would have asked for it, and only while fresh;
 * otherwise (taken already, too old, another contractor, a failure) the query asks itself. Only
 * the first dashboard of a page load prefetches: later visits have the session, and their data
 * is cached.
 */
export const PREFETCH_FRESH_MS = 10_000;

interface Fetchers {
  profile: () => Promise<ContractorProfile | null>;
  projects: (contractorId: string) => Promise<Project[]>;
}

interface Prefetched {
  at: number;
  profile?: Promise<ContractorProfile | null>;
  projects?: Promise<{ contractorId: string; list: Project[] } | null>;
}

let started = false;
let prefetched: Prefetched | null = null;

/** Starts the requests (once per page load, online only); a no-op afterwards. */
export function prefetchDashboardOnce(fetchers: Fetchers, now = Date.now()): void {
  if (started) return;
  started = true;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  const profile = fetchers.profile();
  const projects = profile.then((p) =>
    p?.verificationStatus === 'verified'
      ? fetchers.projects(p.id).then((list) => ({ contractorId: p.id, list }))
      : null,
  );
  // a request nobody takes (signed out, offline data shown instead) is no unhandled rejection
  profile.catch(() => {});
  projects.catch(() => {});
  prefetched = { at: now, profile, projects };
}

function fresh(now: number): Prefetched | null {
  return prefetched && now - prefetched.at <= PREFETCH_FRESH_MS ? prefetched : null;
}

/**
 * The prefetched profile of `userId`, once: null when that user has none (404); undefined when there
 * is none to take (taken, too old, failed, another user's), and the query asks itself.
 */
export async function takePrefetchedProfile(
  userId: string,
  now = Date.now(),
): Promise<ContractorProfile | null | undefined> {
  const kept = fresh(now);
  const profile = kept?.profile;
  if (!kept || !profile) return undefined;
  kept.profile = undefined;
  const answer = await profile.catch(() => undefined);
  if (answer === undefined) return undefined;
  return answer === null || answer.userId === userId ? answer : undefined;
}

/** The prefetched projects of `contractorId`, once; undefined when there are none for it. */
export async function takePrefetchedProjects(
  contractorId: string,
  now = Date.now(),
): Promise<Project[] | undefined> {
  const kept = fresh(now);
  const projects = kept?.projects;
  if (!kept || !projects) return undefined;
  kept.projects = undefined;
  const answer = await projects.catch(() => null);
  return answer?.contractorId === contractorId ? answer.list : undefined;
}

/** Tests only: forget what was started, as a new page load would. */
export function resetDashboardPrefetch(): void {
  started = false;
  prefetched = null;
}
