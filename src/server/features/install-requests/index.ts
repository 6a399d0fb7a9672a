/**
 * The install-requests feature's public surface (scripts/check-feature-boundaries.mjs refuses any
 * other way in). It owns the installation requests of the public form; each becomes a project
 * through the projects service. Its service is built in src/server/services.ts, where it also
 * registers with auth what happens to a request kept by e-mail once its address is confirmed.
 */
export type { InstallRequestsService } from './install-requests.service';
