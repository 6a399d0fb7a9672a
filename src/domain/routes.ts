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
  '/settings/notifications',
  '/project/:id',
  '/projects/:id',
  '/login',
  '/register',
  '/confirm-email',
  '/forgot-password',
  '/reset-password',
  '/logout',
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

/** C0 and C1 control characters (tab, line breaks, NUL...), and the backslash browsers read as '/'. */
const UNSAFE_IN_RETURN_TO = /[\p{Cc}\\]/u;

function decodedOnce(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function isSameOriginPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !UNSAFE_IN_RETURN_TO.test(value);
}

/** True when a returnTo holds a character no sign-in target may carry: the server answers 400 for it. */
export function hasUnsafeReturnToCharacters(value: string): boolean {
  return /\p{Cc}/u.test(value);
}

/**
 * A same-origin path to return to after sign-in; anything else falls back to '/'.
 * Browsers drop tabs and line breaks from URLs and read '\' as '/', so "/\t/evil" and "/\evil"
 * would leave the site: any control character or backslash is refused, as are "//host" and
 * their percent-encoded forms (a page may decode the value once more before using it).
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000 || !isSameOriginPath(value)) return '/';
  const decoded = decodedOnce(value);
  if (decoded === undefined || !isSameOriginPath(decoded)) return '/';
  const base = 'http://same-origin.invalid';
  try {
    if (new URL(value, base).origin !== base) return '/';
  } catch {
    return '/';
  }
  return value;
}
