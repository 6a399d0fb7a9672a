/**
 * Stands in for 'zod' in the browser build (see vite.config.ts): zod's fast path compiles
 * validators with `new Function`, which the Content-Security-Policy forbids (script-src has
 * no 'unsafe-eval'). jitless mode validates the same way without it, and without the probe
 * that would report a CSP violation on every page that parses.
 */
import { config } from 'zod';

config({ jitless: true });

export * from 'zod';
export { default } from 'zod';
