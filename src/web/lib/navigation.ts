import type { UserType } from '@domain/auth/schemas';
import { isWebRoute, safeReturnTo } from '../../domain/routes';

/** The sign-in navigation, keeping where to come back to. */
export function loginUrl(returnTo?: string): string {
  return returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : '/api/login';
}

/** The current page (path, query and hash), for a returnTo. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Full-page navigation (leaves the single-page app, e.g. to /api/login). */
export function hardNavigate(url: string): void {
  window.location.assign(url);
}

/** The dashboard route of each role (kept here, not imported from the schemas, so zod stays out of the entry chunk). */
const dashboardPaths: Record<UserType, string> = {
  admin: '/admin-dashboard',
  contractor: '/contractor-dashboard',
  homeowner: '/customer-dashboard',
};

export function dashboardPathFor(userType: UserType | null | undefined): string {
  return userType ? dashboardPaths[userType] : '/';
}

/** The sign-in, registration and sign-out pages: never a place to return to after signing in. */
export const AUTH_PAGES = new Set([
  '/login',
  '/register',
  '/logout',
  '/confirm-email',
  '/forgot-password',
  '/reset-password',
]);

/**
 * Where to go after signing in: a same-site returnTo when one was given (never back to a
 * sign-in page), otherwise the role's dashboard.
 */
export function afterSignInPath(rawReturnTo: string | null, userType: UserType): string {
  if (rawReturnTo) {
    const target = safeReturnTo(rawReturnTo);
    const pathname = target.split(/[?#]/)[0] ?? '/';
    if (!(target === '/' && rawReturnTo !== '/') && !AUTH_PAGES.has(pathname)) return target;
  }
  return dashboardPathFor(userType);
}

/** True when the path is a page of this app (client-side navigation works); otherwise navigate fully. */
export function isAppPath(target: string): boolean {
  return isWebRoute(target.split(/[?#]/)[0] ?? '/');
}
