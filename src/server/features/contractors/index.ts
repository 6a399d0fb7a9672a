/**
 * The contractors feature's public surface: what other features may use of it (scripts/check-
 * feature-boundaries.mjs refuses any other way in). It owns the contractor profiles, licences,
 * insurance, banking, tax details, documents and their verification; its services (onboarding,
 * setup steps, banking, documents, verification) are built in src/server/services.ts. Other
 * features that list contractors show the same credential badges, from the same SQL.
 */

export type { ContractorsService } from './contractors.service';
export {
  insuredUntilSql,
  insuredUntilText,
  liabilityLapsedSql,
  licensedUntilSql,
  licensedUntilText,
} from './credential-badges-sql';
