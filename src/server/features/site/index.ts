/**
 * The site feature's public surface (scripts/check-feature-boundaries.mjs refuses any other way
 * in): none. It serves the web app's pages (prerendered HTML, precompressed assets), the sitemap
 * and robots.txt, which app.ts registers last.
 */
export {};
