/**
 * The auth feature's public surface: what other features may use of it (scripts/check-feature-
 * boundaries.mjs refuses any other way in). Auth owns the accounts (users), sessions, mailed links
 * and sign-in failures; its services (auth.service.ts: sign-in and the account changes other
 * features ask for; registration.service.ts: the links mailed to an address) are built in
 * src/server/services.ts. Confirming an address runs the hooks other features register there
 * (AddressConfirmedHook): auth never writes their tables.
 */
export type { AuthService } from './auth.service';
export {
  type AddressConfirmedHook,
  type ConfirmedAddress,
  findOrCreateHomeowner,
  type HomeownerAccount,
  type HomeownerContact,
} from './homeowner-accounts';
