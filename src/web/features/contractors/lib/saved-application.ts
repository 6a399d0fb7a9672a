import {
  APPLICATION_STORAGE_KEY,
  type ContractorApplication,
  contractorApplicationSchema,
} from '@domain/contractors/onboarding';

/**
 * The application a signed-out visitor submitted, kept in localStorage until they are signed
 * in and submit it (spec 2 §2). Only the form's own fields are kept; a saved form that no longer
 * parses (edited by hand, an older shape) is discarded.
 */
interface SavedApplication {
  version: 1;
  values: unknown;
  savedAt: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps the form; false when the browser refuses (storage disabled or full). */
export function saveApplication(values: ContractorApplication): boolean {
  const saved: SavedApplication = { version: 1, values, savedAt: new Date().toISOString() };
  try {
    const s = storage();
    if (!s) return false;
    s.setItem(APPLICATION_STORAGE_KEY, JSON.stringify(saved));
    return true;
  } catch {
    return false;
  }
}

export function clearSavedApplication(): void {
  try {
    storage()?.removeItem(APPLICATION_STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}

export type RestoredApplication =
  | { kind: 'none' }
  | { kind: 'restored'; values: ContractorApplication }
  | { kind: 'discarded'; reason: string };

/**
 * The saved application, checked with the same schema the server uses. Anything unreadable is
 * removed, so it is never offered again.
 */
export function readSavedApplication(): RestoredApplication {
  const raw = (() => {
    try {
      return storage()?.getItem(APPLICATION_STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  })();
  if (raw === null) return { kind: 'none' };
  const discard = (reason: string): RestoredApplication => {
    clearSavedApplication();
    return { kind: 'discarded', reason };
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return discard('not JSON');
  }
  if (!parsed || typeof parsed !== 'object' || (parsed as { version?: unknown }).version !== 1) {
    return discard('unknown format');
  }
  const result = contractorApplicationSchema.safeParse((parsed as SavedApplication).values);
  if (!result.success) return discard(result.error.issues.map((i) => i.path.join('.')).join(', '));
  return { kind: 'restored', values: result.data };
}
