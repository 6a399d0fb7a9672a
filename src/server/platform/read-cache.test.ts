import { describe, expect, it } from 'vitest';
import type { EventBus } from './bus/types';
import { contractorProfiles, messages, projects, sessions, users } from './db/schema';
import { createReadCache } from './read-cache';

/** A bus whose table feed the test drives. */
function fakeBus() {
  const watchers = new Set<(table: string | null) => void>();
  const state = {
    live: true,
    catchUps: 0,
    /** What the next catchUpTables answers; it waits for `release` when set. */
    caughtUp: true,
    release: null as null | (() => void),
  };
  const bus = {
    watchTables(w: (table: string | null) => void) {
      watchers.add(w);
      return () => watchers.delete(w);
    },
    tablesLive: () => state.live,
    async catchUpTables() {
      state.catchUps++;
      if (state.release === null) return state.caughtUp;
      await new Promise<void>((resolve) => {
        state.release = resolve;
      });
      return state.caughtUp;
    },
  } as unknown as EventBus;
  const change = (table: string | null) => {
    for (const w of watchers) w(table);
  };
  return { bus, state, change };
}

/** A load that counts its calls and answers its call number. */
function counter() {
  let calls = 0;
  return {
    load: async () => ++calls,
    get calls() {
      return calls;
    },
  };
}

describe('read cache', () => {
  it('answers from memory until a table the family reads changes, and only then', async () => {
    const { bus, change } = fakeBus();
    const cache = createReadCache({ bus });
    const lists = cache.define<number>('lists', [projects, users]);
    const c = counter();
    expect(await lists.get('a', c.load)).toBe(1);
    expect(await lists.get('a', c.load)).toBe(1);
    change('messages'); // not read by the family
    expect(await lists.get('a', c.load)).toBe(1);
    change('users');
    expect(await lists.get('a', c.load)).toBe(2);
    expect(await lists.get('b', c.load)).toBe(3); // keys are apart
    expect(await lists.get('a', c.load)).toBe(2);
    expect(c.calls).toBe(3);
  });

  it('does not keep what was read while one of its tables changed', async () => {
    const { bus, change } = fakeBus();
    const cache = createReadCache({ bus });
    const unread = cache.define<number>('unread', [messages]);
    let calls = 0;
    const racing = async () => {
      calls++;
      if (calls === 1) change('messages'); // committed while the first read was under way
      return calls;
    };
    expect(await unread.get('u', racing)).toBe(1);
    expect(await unread.get('u', racing)).toBe(2);
    expect(await unread.get('u', racing)).toBe(2);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const { bus } = fakeBus();
    const cache = createReadCache({ bus });
    const family = cache.define<number>('f', [projects]);
    const c = counter();
    const answers = await Promise.all([
      family.get('k', c.load),
      family.get('k', c.load),
      family.get('k', c.load),
    ]);
    expect(answers).toEqual([1, 1, 1]);
    expect(c.calls).toBe(1);
  });

  it('passes a failed load on and keeps nothing of it', async () => {
    const { bus } = fakeBus();
    const family = createReadCache({ bus }).define<number>('f', [projects]);
    await expect(family.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    const c = counter();
    expect(await family.get('k', c.load)).toBe(1);
  });

  it('reads through while the feed is down, and forgets everything when it was interrupted', async () => {
    const { bus, state, change } = fakeBus();
    const family = createReadCache({ bus }).define<number>('f', [projects]);
    const c = counter();
    expect(await family.get('k', c.load)).toBe(1);
    state.live = false;
    change(null);
    expect(await family.get('k', c.load)).toBe(2);
    expect(await family.get('k', c.load)).toBe(3);
    state.live = true;
    expect(await family.get('k', c.load)).toBe(4);
    expect(await family.get('k', c.load)).toBe(4);
  });

  it("ends a date-dependent family's entries at the next UTC midnight", async () => {
    const { bus } = fakeBus();
    let now = Date.parse('2026-11-27T23:59:00.000Z');
    const cache = createReadCache({ bus, now: () => now });
    const dated = cache.define<number>('dated', [contractorProfiles], { dependsOnToday: true });
    const plain = cache.define<number>('plain', [contractorProfiles]);
    const d = counter();
    const p = counter();
    expect(await dated.get('k', d.load)).toBe(1);
    expect(await plain.get('k', p.load)).toBe(1);
    now += 59_000; // 23:59:59
    expect(await dated.get('k', d.load)).toBe(1);
    now += 1_000; // midnight: licences that expired yesterday are no longer current
    expect(await dated.get('k', d.load)).toBe(2);
    expect(await plain.get('k', p.load)).toBe(1);
  });

  it('refuses a family over a table the database does not announce, or one name with other tables', () => {
    const { bus } = fakeBus();
    const cache = createReadCache({ bus });
    expect(() => cache.define('s', [sessions])).toThrow(/sessions cannot be watched/);
    cache.define('twice', [projects]);
    expect(() => cache.define('twice', [projects])).not.toThrow();
    expect(() => cache.define('twice', [users])).toThrow(/other tables/);
    expect(cache.families().get('twice')).toEqual(['projects']);
  });

  it("waits for its own writes' notifications before answering from memory (PostgreSQL)", async () => {
    const { bus, state, change } = fakeBus();
    let written = 0;
    const family = createReadCache({ bus, committedWrites: () => written }).define<number>('f', [projects]);
    const c = counter();
    expect(await family.get('k', c.load)).toBe(1);
    expect(state.catchUps).toBe(0);
    // this process commits a write; its notification is still on the way
    written++;
    state.release = () => {};
    const answer = family.get('k', c.load);
    await until(() => state.catchUps === 1);
    change('projects'); // the notification arrives before the marker, in commit order
    state.release();
    state.release = null;
    expect(await answer).toBe(2);
    expect(await family.get('k', c.load)).toBe(2);
    expect(state.catchUps).toBe(1);
    // a feed that does not catch up: read through rather than risk an answer from before the write
    written++;
    state.caughtUp = false;
    expect(await family.get('k', c.load)).toBe(3);
  });
});

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setImmediate(r));
}
