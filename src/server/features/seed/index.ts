/**
 * The seed feature's public surface (scripts/check-feature-boundaries.mjs refuses any other way
 * in). It loads the demo data (main.ts on a first start, `npm run seed`), through the projects
 * service for projects and table by table for the rest.
 */
export type { SeedService } from './seed.service';
