import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';

/** Every route change starts at the top of the page. */
export function ScrollToTop() {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the location changes
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}
