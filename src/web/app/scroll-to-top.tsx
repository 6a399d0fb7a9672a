import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';

/**
 * Every route change starts at the top of the page, going back too: the browser's own restoring
 * of the scroll position (after the new page is drawn) is turned off, or a page shorter than the one
 * it replaced (the submitted view of /quote after the long form) would open scrolled to its footer.
 */
export function ScrollToTop() {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the location changes
  useLayoutEffect(() => {
    history.scrollRestoration = 'manual';
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}
