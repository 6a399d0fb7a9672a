import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carryToast, showCarriedToast } from './use-toast';

/** A sessionStorage of the page, in memory. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  };
}

describe('a notice carried over a full-page navigation', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('window', { sessionStorage: storage });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is shown once on the next page, with its title, description and tone', () => {
    carryToast({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    expect(showCarriedToast()).toEqual({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    expect(showCarriedToast()).toBeNull();
  });

  it('is dropped when stale (the navigation never happened) or not ours', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    carryToast({ title: 'Unauthorized' });
    vi.setSystemTime(new Date('2026-11-27T10:01:00Z'));
    expect(showCarriedToast()).toBeNull();
    storage.setItem('rl:carried-notice', '{not json');
    expect(showCarriedToast()).toBeNull();
    storage.setItem('rl:carried-notice', JSON.stringify({ title: 42, at: Date.now() }));
    expect(showCarriedToast()).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('keeps nothing but text', () => {
    carryToast({ title: 'Saved', description: undefined, variant: 'default' });
    expect(JSON.parse(storage.getItem('rl:carried-notice') ?? '{}')).toMatchObject({ title: 'Saved' });
    expect(JSON.parse(storage.getItem('rl:carried-notice') ?? '{}')).not.toHaveProperty('variant');
  });

  it('survives a storage that refuses', () => {
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
        removeItem: () => undefined,
      },
    });
    expect(() => carryToast({ title: 'Unauthorized' })).not.toThrow();
    expect(showCarriedToast()).toBeNull();
  });
});
