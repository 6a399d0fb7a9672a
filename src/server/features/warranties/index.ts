/**
 * The warranties feature's public surface (scripts/check-feature-boundaries.mjs refuses any other
 * way in). It owns the `warranties`, `warranty_claims` and `warranty_claim_messages` tables: a
 * project's warranty, issued at its final payment (the payments feature calls
 * `issueOnFinalPayment` in its transaction, wired in services.ts), its certificate, and the
 * homeowner's claims with their threads.
 */
export type { ClaimsService } from './claims.service';
export type { WarrantiesService } from './warranties.service';
