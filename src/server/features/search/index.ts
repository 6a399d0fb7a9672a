/**
 * The search feature's public surface (scripts/check-feature-boundaries.mjs refuses any other way
 * in). It ranks verified contractors for a place (the public search, and the contractors an admin
 * is offered for a project: services.ts gives SearchService.suggest to the projects service).
 */
export type { SearchService } from './search.service';
