import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded on first use instead of at start-up (docs/decisions/006-*): Stripe, PDFKit,
 * sharp, nodemailer and the upload parsers cost ~0.4 s of CPU to load and most starts never need
 * them. Synchronous (CommonJS `require`), so the code using them stays as it was.
 */
export function lazyModule<T>(specifier: string, init?: (mod: T) => void): () => T {
  let mod: T | undefined;
  return () => {
    if (mod === undefined) {
      mod = require(specifier) as T;
      init?.(mod);
    }
    return mod;
  };
}
