import type { ContractorProfile } from '@domain/contractors/profile';
import type { Project } from '@domain/projects/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PREFETCH_FRESH_MS,
  prefetchDashboardOnce,
  resetDashboardPrefetch,
  takePrefetchedProfile,
  takePrefetchedProjects,
} from './dashboard-prefetch';

const profile = (status: ContractorProfile['verificationStatus'] = 'verified') =>
  ({ id: 'c1', userId: 'u1', verificationStatus: status }) as ContractorProfile;
const list = [{ id: 'p1' }] as Project[];

function fetchers(answer: Promise<ContractorProfile | null>) {
  return { profile: vi.fn(() => answer), projects: vi.fn(async () => list) };
}

describe('the dashboard prefetch', () => {
  afterEach(() => {
    resetDashboardPrefetch();
    vi.unstubAllGlobals();
  });

  it('asks for the profile at once and for the projects as soon as it names a verified contractor', async () => {
    const f = fetchers(Promise.resolve(profile()));
    prefetchDashboardOnce(f, 1_000);
    expect(f.profile).toHaveBeenCalledTimes(1);
    expect(await takePrefetchedProjects('c1', 1_000)).toEqual(list);
    expect(f.projects).toHaveBeenCalledWith('c1');
    expect(await takePrefetchedProfile('u1', 1_000)).toEqual(profile());
  });

  it('starts once per page load', () => {
    const f = fetchers(Promise.resolve(profile()));
    prefetchDashboardOnce(f);
    prefetchDashboardOnce(f);
    expect(f.profile).toHaveBeenCalledTimes(1);
  });

  it('gives each answer once: the next query asks itself', async () => {
    prefetchDashboardOnce(fetchers(Promise.resolve(profile())), 1_000);
    expect(await takePrefetchedProfile('u1', 1_000)).toEqual(profile());
    expect(await takePrefetchedProfile('u1', 1_000)).toBeUndefined();
    expect(await takePrefetchedProjects('c1', 1_000)).toEqual(list);
    expect(await takePrefetchedProjects('c1', 1_000)).toBeUndefined();
  });

  it('gives nothing too old, of another user or contractor, or that failed', async () => {
    prefetchDashboardOnce(fetchers(Promise.resolve(profile())), 1_000);
    expect(await takePrefetchedProfile('u1', 1_000 + PREFETCH_FRESH_MS + 1)).toBeUndefined();
    resetDashboardPrefetch();

    prefetchDashboardOnce(fetchers(Promise.resolve(profile())), 1_000);
    expect(await takePrefetchedProfile('someone-else', 1_000)).toBeUndefined();
    expect(await takePrefetchedProjects('c2', 1_000)).toBeUndefined();
    resetDashboardPrefetch();

    prefetchDashboardOnce(fetchers(Promise.reject(new Error('401'))), 1_000);
    expect(await takePrefetchedProfile('u1', 1_000)).toBeUndefined();
    expect(await takePrefetchedProjects('c1', 1_000)).toBeUndefined();
  });

  it('answers null for a user with no profile, and asks for no projects of a contractor not verified', async () => {
    const none = fetchers(Promise.resolve(null));
    prefetchDashboardOnce(none, 1_000);
    expect(await takePrefetchedProfile('u1', 1_000)).toBeNull();
    expect(await takePrefetchedProjects('c1', 1_000)).toBeUndefined();
    expect(none.projects).not.toHaveBeenCalled();
    resetDashboardPrefetch();

    const pending = fetchers(Promise.resolve(profile('pending_verification')));
    prefetchDashboardOnce(pending, 1_000);
    expect(await takePrefetchedProjects('c1', 1_000)).toBeUndefined();
    expect(pending.projects).not.toHaveBeenCalled();
  });

  it('asks nothing offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    const f = fetchers(Promise.resolve(profile()));
    prefetchDashboardOnce(f);
    expect(f.profile).not.toHaveBeenCalled();
  });
});
