/**
 * Set in localStorage while the device keeps a contractor's data for offline use
 * (offline-cache.ts): the shared entry checks it before loading any of that code.
 */
export const offlineFlagKey = 'ridgeline.offline-snapshot';

/** Whether this device keeps a snapshot (false where there is no localStorage: tests, the prerender). */
export function hasOfflineSnapshot(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(offlineFlagKey) !== null;
  } catch {
    return false;
  }
}
