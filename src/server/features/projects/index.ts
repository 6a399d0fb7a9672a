/**
 * The projects feature's public surface: what other features may use of it (scripts/check-
 * feature-boundaries.mjs refuses any other way in). It owns the projects and their files: creating
 * one (admin form, quote conversion, install request, demo data), the workflow, who may open one
 * (project-access.ts). Its services are built in src/server/services.ts; other features get them
 * (or one of their methods) there.
 */
export type { ProjectAccess, ProjectAccessCheck } from './project-access';
export type { ProjectSeed } from './project-create';
export type { StoredFileBody } from './project-files.service';
export type { ProjectsService } from './projects.service';
export { sendStored } from './send-stored';
