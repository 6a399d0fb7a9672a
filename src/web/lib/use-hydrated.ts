import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a prerendered page is being hydrated (and in the prerendered HTML itself), true
 * once React owns the page, and at once on a page rendered in the browser. React renders the
 * HTML's value during hydration, then renders again with the browser's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
