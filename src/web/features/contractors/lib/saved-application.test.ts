import { APPLICATION_STORAGE_KEY } from '@domain/contractors/onboarding';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSavedApplication, readSavedApplication, saveApplication } from './saved-application';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const application = {
  companyName: 'Summit Ridge Roofing',
  contactName: 'Jordan Avery',
  contactEmail: 'office@summitridge.example',
  contactPhone: '(214) 555-0199',
  workingStates: ['Texas'],
  travelDistance: 80,
  businessAddress: '1201 Elm St, Dallas, TX 75270',
  website: 'summitridge.example',
};

describe('the saved contractor application', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is nothing until a form is saved', () => {
    expect(readSavedApplication()).toEqual({ kind: 'none' });
  });

  it('comes back as it was saved, under the contract key', () => {
    expect(saveApplication(application)).toBe(true);
    expect(storage.getItem(APPLICATION_STORAGE_KEY)).toContain('Summit Ridge Roofing');
    expect(readSavedApplication()).toEqual({ kind: 'restored', values: application });
    clearSavedApplication();
    expect(readSavedApplication()).toEqual({ kind: 'none' });
  });

  it.each([
    ['not JSON', '{"version":1,'],
    ['another shape', JSON.stringify({ companyName: 'x' })],
    [
      'values the schema refuses',
      JSON.stringify({ version: 1, values: { ...application, workingStates: [] } }),
    ],
    [
      'a state not in the list',
      JSON.stringify({ version: 1, values: { ...application, workingStates: ['Texass'] } }),
    ],
  ])('is discarded when it holds %s', (_, raw) => {
    storage.setItem(APPLICATION_STORAGE_KEY, raw);
    expect(readSavedApplication().kind).toBe('discarded');
    expect(storage.getItem(APPLICATION_STORAGE_KEY)).toBeNull();
  });

  it('does not throw when the browser refuses storage', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('SecurityError');
      },
    });
    expect(saveApplication(application)).toBe(false);
    expect(readSavedApplication()).toEqual({ kind: 'none' });
  });
});
