import type { UserType } from '@domain/auth/schemas';
import { afterSignInPath, hardNavigate, isAppPath } from '@web/lib/navigation';
import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/** The raw returnTo of the current page, and a function that goes there (or to the role's dashboard). */
export function useAfterSignIn() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const returnTo = new URLSearchParams(search).get('returnTo');
  const go = useCallback(
    (userType: UserType) => {
      const target = afterSignInPath(returnTo, userType);
      if (isAppPath(target)) navigate(target, { replace: true });
      else hardNavigate(target);
    },
    [returnTo, navigate],
  );
  return { returnTo, goAfterSignIn: go };
}

/** A link to the other auth page that keeps the returnTo. */
export function withReturnTo(path: string, returnTo: string | null): string {
  return returnTo ? `${path}?returnTo=${encodeURIComponent(returnTo)}` : path;
}
