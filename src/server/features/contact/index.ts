/**
 * The contact feature's public surface (scripts/check-feature-boundaries.mjs refuses any other way
 * in). It owns the support messages (priority chat and e-mail) and delivers them in the background
 * (jobs `contact.slack`, `contact.email`, started in src/server/services.ts).
 */
export type { ContactService } from './contact.service';
