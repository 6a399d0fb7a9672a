import type { PublicUser } from '@domain/auth/schemas';
import { describe, expect, it } from 'vitest';
import {
  MAX_KEPT_QUERIES,
  mergeSnapshots,
  readSnapshot,
  snapshotOf,
  syncedAtLabel,
} from './offline-snapshot';

const user = { id: 'u1', email: 'c@example.test', userType: 'contractor' } as PublicUser;
const query = (key: unknown[], status = 'success', data: unknown = { ok: true }) => ({
  queryKey: key,
  state: { status, data, dataUpdatedAt: 1_000 },
});

describe('offline snapshot', () => {
  it('keeps only the successful answers under the persisted roots', () => {
    const snapshot = snapshotOf(
      user,
      [
        query(['projects', 'list', 'contractor', 'p1']),
        query(['projects', 'detail', 'x'], 'error', undefined),
        query(['projects', 'detail', 'y'], 'pending', undefined),
        query(['admin', 'users']),
        query(['auth', 'user']),
        query([{ not: 'a root' }]),
        query(['contractor', 'profile', 'u1'], 'success', null),
      ],
      new Set(['projects', 'contractor']),
      5_000,
    );
    expect(snapshot).toEqual({
      version: 1,
      user,
      savedAt: 5_000,
      queries: [
        { queryKey: ['projects', 'list', 'contractor', 'p1'], data: { ok: true }, dataUpdatedAt: 1_000 },
        // a contractor without a profile is an answer too
        { queryKey: ['contractor', 'profile', 'u1'], data: null, dataUpdatedAt: 1_000 },
      ],
    });
  });

  it("keeps what an earlier page of the same user loaded, never another user's", () => {
    const kept = (key: string, at: number) => ({ queryKey: [key], data: key, dataUpdatedAt: at });
    const previous = {
      version: 1 as const,
      user,
      savedAt: 1,
      queries: [kept('dashboard', 10), kept('project', 10)],
    };
    const next = { version: 1 as const, user, savedAt: 2, queries: [kept('project', 20)] };
    expect(mergeSnapshots(previous, next).queries).toEqual([kept('project', 20), kept('dashboard', 10)]);
    const other = { ...previous, user: { ...user, id: 'u2' } };
    expect(mergeSnapshots(other, next).queries).toEqual([kept('project', 20)]);
    expect(mergeSnapshots(null, next)).toEqual(next);
    const many = {
      ...next,
      queries: Array.from({ length: MAX_KEPT_QUERIES + 5 }, (_, i) => kept(`q${i}`, i)),
    };
    const merged = mergeSnapshots(null, many).queries;
    expect(merged).toHaveLength(MAX_KEPT_QUERIES);
    expect(merged[0]?.dataUpdatedAt).toBe(MAX_KEPT_QUERIES + 4);
  });

  it('reads back only a snapshot of this format', () => {
    const snapshot = snapshotOf(user, [], new Set(), 5);
    expect(readSnapshot(snapshot)).toEqual(snapshot);
    expect(readSnapshot(undefined)).toBeNull();
    expect(readSnapshot('text')).toBeNull();
    expect(readSnapshot({ ...snapshot, version: 2 })).toBeNull();
    expect(readSnapshot({ ...snapshot, user: { id: 7 } })).toBeNull();
    expect(readSnapshot({ ...snapshot, queries: 'none' })).toBeNull();
  });

  it('says the time of a sync today, and the day of an older one', () => {
    const now = new Date(2026, 10, 28, 15, 0).getTime();
    expect(syncedAtLabel(new Date(2026, 10, 28, 10, 42).getTime(), now, 'en-GB')).toBe('10:42');
    expect(syncedAtLabel(new Date(2026, 10, 27, 9, 5).getTime(), now, 'en-GB')).toBe('27 Nov, 09:05');
  });
});
