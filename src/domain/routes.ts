/**
 * Every browser route of both route maps, plus our own (/login, /register, /contractors).
 * The web router registers them; the server answers 404 for any other page path.
 */
export const webRoutes = [
  '/',
  '/homeowner',
  '/homeowners',
  '/marketplace',
  '/quote',
  '/estimate',
  '/insurance',
  '/solar',
  '/real-estate',
  '/request-install',
  '/thank-you',
  '/about',
  '/how-it-works',
  '/help',
  '/contact',
  '/privacy',
  '/terms',
  '/contractors',
  '/contractor-application',
  '/contractor-profile-setup',
  '/contractor/profile',
  '/contractor-banking-setup',
  '/contractor-signup',
  '/contractor-dashboard',
  '/customer-dashboard',
  '/admin-dashboard',
  '/project/:id',
  '/projects/:id',
  '/login',
  '/register',
  '/confirm-email',
] as const;

export type WebRoute = (typeof webRoutes)[number];

/** The route a pathname belongs to (":param" matches one segment; a trailing slash is ignored). */
export function matchWebRoute(pathname: string): WebRoute | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const b = clean.split('/');
  return webRoutes.find((route) => {
    if (!route.includes(':')) return route === clean;
    const a = route.split('/');
    return (
      a.length === b.length &&
      a.every((part, i) => (part.startsWith(':') ? (b[i] ?? '') !== '' : part === b[i]))
    );
  });
}

/** True when a pathname matches one of the web routes. */
export function isWebRoute(pathname: string): boolean {
  return matchWebRoute(pathname) !== undefined;
}

/** A same-site path to return to after sign-in; anything else falls back to '/'. */
export function safeReturnTo(value: unknown): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return '/';
  }
  return value;
}
