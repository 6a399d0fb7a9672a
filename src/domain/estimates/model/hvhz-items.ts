/**
 * Florida High-Velocity Hurricane Zone scope (issue 24 #6): Miami-Dade and Broward, the two counties
 * where FBC sections 1512-1525 and their roofing application standards (RAS) govern roofing. Priced
 * as the code-required work a reroof there carries beyond the rest of Florida, each line with its
 * code section, instead of a percentage:
 *
 * - FBC 1512.2.1: every roofing component needs a valid Product Approval (Miami-Dade NOA). Laminate
 *   shingles of the major brands carry one, so no product premium is priced; an assumption says so.
 * - Underlayment as a secondary water barrier on steep-slope roofs (FBC 8th ed. 2023 HVHZ underlayment,
 *   RAS 115 for shingles): a second ply over the field (HVHZ-UNDERLAY) fastened with tin caps and
 *   nails on a grid, the "tin cap" inspection (HVHZ-TINCAP).
 * - Roof deck re-nailing at reroofing (8d ring-shank nails at 6 in. on centre, the "re-nailing
 *   affidavit" of HVHZ roof permits; F.S. 553.844 retrofit) (HVHZ-RENAIL).
 * - Metal edge to RAS 111 (26-gauge minimum, fastened 4 in. on centre, staggered) instead of the
 *   ordinary drip edge (HVHZ-EDGE, the difference).
 * - The HVHZ permit's extra inspections (tin cap, in progress, re-nailing affidavit) and product
 *   approval documents (HVHZ-PERMIT).
 *
 * The unit prices are the model's judgement at national 2025 prices (no published unit cost was found;
 * docs/estimate-model.md §3 "High-Velocity Hurricane Zone"), indexed like the other lines.
 */
import { type LineItemSheet, type PricingContext, r2 } from './line-items';
import { UNDERLAYMENT_LAP } from './price-book';

export const HVHZ_PRICES = {
  /** Second synthetic underlayment ply (secondary water barrier), per square. */
  underlaymentPlyPerSq: 20,
  /** Tin caps, ring-shank nails and the labor of fastening the underlayment on a grid, per square. */
  tinCapPerSq: 15,
  /** Re-nailing the deck (8d ring-shank at 6 in. o.c.), per square. */
  renailPerSq: 22,
  /** RAS 111 metal edge over the ordinary drip edge (heavier gauge, 4 in. fastening), per foot. */
  edgeUpgradePerLf: 1.25,
  /** Extra HVHZ inspections and product approval documents, per job. */
  permitExtra: 150,
} as const;

/** Adds the HVHZ lines when the zone is in Miami-Dade or Broward (no line elsewhere). */
export function addHvhz(ctx: PricingContext, sheet: LineItemSheet): void {
  const county = ctx.zone.hvhzCounty;
  if (!county) return;
  const { area, selfAdheredArea, squares, L, M, C, L_ } = ctx;
  const { add } = sheet;
  add(
    'HVHZ-UNDERLAY',
    'HVHZ secondary water barrier: second underlayment ply over the field (FBC 1518 / RAS 115, 8th ed. 2023)',
    r2((Math.max(0, area - selfAdheredArea) / 100) * UNDERLAYMENT_LAP),
    'SQ',
    HVHZ_PRICES.underlaymentPlyPerSq,
    M,
    'materials',
  );
  add(
    'HVHZ-TINCAP',
    'HVHZ underlayment fastening with tin caps and ring-shank nails on a grid (RAS 115; tin-cap inspection)',
    r2(squares),
    'SQ',
    HVHZ_PRICES.tinCapPerSq,
    L,
    'labor',
  );
  add(
    'HVHZ-RENAIL',
    'HVHZ roof deck re-nailing, 8d ring-shank at 6 in. on centre (re-nailing affidavit, F.S. 553.844)',
    r2(squares),
    'SQ',
    HVHZ_PRICES.renailPerSq,
    L,
    'labor',
  );
  add(
    'HVHZ-EDGE',
    'HVHZ metal edge to RAS 111 (26-gauge minimum, fastened 4 in. on centre staggered), over the drip edge price',
    r2(L_.eaves + L_.rakes),
    'LF',
    HVHZ_PRICES.edgeUpgradePerLf,
    M,
    'materials',
  );
  add(
    'HVHZ-PERMIT',
    'HVHZ permit inspections (tin cap, in progress, re-nailing affidavit) and product approval documents',
    1,
    'JOB',
    HVHZ_PRICES.permitExtra,
    C,
    'fees',
  );
  sheet.assumptions.push(
    `${county} County lies in the Florida High-Velocity Hurricane Zone (FBC 1512-1525): the HVHZ lines price the code-required underlayment, tin-cap fastening, deck re-nailing, RAS 111 metal edge and inspections. Every product must carry a Miami-Dade Notice of Acceptance (FBC 1512.2.1); the laminate shingles of the major brands do, so no product premium is added.`,
  );
}
