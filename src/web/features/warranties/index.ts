/** The warranties feature's public surface: what other features may use (scripts/check-feature-boundaries.mjs). */
export { warrantyKeys } from './api/warranty-keys';
export { OpenWarrantyClaims } from './components/admin-claims';
export { WarrantyCertificateLink } from './components/certificate-link';
export { WarrantyPanel } from './components/warranty-panel';
