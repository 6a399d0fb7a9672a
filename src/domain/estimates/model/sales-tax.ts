/**
 * Sales tax on roofing materials, by state (issue 9, item 6).
 *
 * The price book's material prices exclude sales tax. A roofing contractor is, in most states, the
 * consumer of the materials built into a house (a real-property improvement): it pays the sales
 * tax when it buys them and passes it on in its price. The estimate therefore adds a SALES-TAX line:
 * the state's base rate plus, where a figure is on file, the state's population-weighted average
 * local (county and city) rate (LOCAL_SALES_TAX_PERCENT); the line says which.
 *
 * Rates: state base sales-tax rates as of 1 January 2025, Tax Foundation, "State and Local Sales
 * Tax Rates, 2025" (https://taxfoundation.org/data/all/state/sales-tax-rates-2025/), percent.
 * Utah's and Virginia's figures include the rate every locality must levy (as the source lists them).
 * Alaska, Delaware, Montana, New Hampshire and Oregon have no statewide sales tax.
 * Puerto Rico: the state IVU of 10.5 % (Departamento de Hacienda).
 */
export const STATE_SALES_TAX_PERCENT: Readonly<Record<string, number>> = {
  AL: 4,
  AK: 0,
  AZ: 5.6,
  AR: 6.5,
  CA: 7.25,
  CO: 2.9,
  CT: 6.35,
  DE: 0,
  DC: 6,
  FL: 6,
  GA: 4,
  HI: 4,
  ID: 6,
  IL: 6.25,
  IN: 7,
  IA: 6,
  KS: 6.5,
  KY: 6,
  LA: 5,
  ME: 5.5,
  MD: 6,
  MA: 6.25,
  MI: 6,
  MN: 6.875,
  MS: 7,
  MO: 4.225,
  MT: 0,
  NE: 5.5,
  NV: 6.85,
  NH: 0,
  NJ: 6.625,
  NM: 4.875,
  NY: 4,
  NC: 4.75,
  ND: 5,
  OH: 5.75,
  OK: 4.5,
  OR: 0,
  PA: 6,
  RI: 7,
  SC: 6,
  SD: 4.2,
  TN: 7,
  TX: 6.25,
  UT: 6.1,
  VT: 6,
  VA: 5.3,
  WA: 6.5,
  WV: 6,
  WI: 5,
  WY: 4,
  PR: 10.5,
};

/**
 * Average local sales-tax rate by state, percent: the population-weighted average of county and
 * city rates as of 1 January 2025, Tax Foundation, "State and Local Sales Tax Rates, 2025"
 * (the combined rate it gives for the five highest and five lowest states, less the state rate
 * above). Copied with provenance in scripts/data/sales-tax-local-2025.csv. Only states with a
 * figure from that source are listed; no ZIP or county figure is on file, and other states' local
 * rates are not added (the line says so).
 */
export const LOCAL_SALES_TAX_PERCENT: Readonly<Record<string, number>> = {
  LA: 5.12,
  TN: 2.56,
  AR: 2.96,
  WA: 2.93,
  AL: 5.43,
  AK: 1.82,
  HI: 0.5,
  WY: 1.44,
  ME: 0,
  WI: 0.7,
};

export interface SalesTax {
  state: string;
  /** The rate added: state base plus the average local rate where one is on file. */
  ratePercent: number;
  /** True when the material prices already include the tax (never, in this model: it is its own line). */
  included: boolean;
  cents: number;
  text: string;
}

const r3 = (n: number): number => Math.round(n * 1000) / 1000;

/**
 * The sales tax on `materialCents` of materials in `state` (USPS code), with the sentence the report
 * prints. States and territories without a figure in the table pay none here, and the text says so.
 */
export function salesTaxOnMaterials(state: string, stateName: string, materialCents: number): SalesTax {
  const stateRate = STATE_SALES_TAX_PERCENT[state];
  if (stateRate === undefined) {
    return {
      state,
      ratePercent: 0,
      included: false,
      cents: 0,
      text: `Sales tax: no state sales-tax rate is on file for ${stateName}; material prices exclude sales tax and none is added.`,
    };
  }
  const local = LOCAL_SALES_TAX_PERCENT[state];
  const rate = r3(stateRate + (local ?? 0));
  if (rate === 0) {
    return {
      state,
      ratePercent: 0,
      included: false,
      cents: 0,
      text: `Sales tax: ${stateName} has no statewide sales tax${local === undefined ? '' : ' and no local one'}; none is added to the materials.`,
    };
  }
  const cents = Math.round((materialCents * rate) / 100);
  const how =
    local === undefined
      ? `${stateName}'s state rate of ${stateRate}% is added on the materials as its own line (local rates, where they apply, are not included: no local figure is on file for ${stateName})`
      : local === 0
        ? `${stateName}'s rate of ${stateRate}% is added on the materials as its own line (${stateName} has no local sales tax)`
        : `${stateName}'s state rate of ${stateRate}% plus its average local rate of ${local}% (Tax Foundation, population-weighted, 1 January 2025; the rate at this address may differ), ${rate}% in all, is added on the materials as its own line`;
  return {
    state,
    ratePercent: rate,
    included: false,
    cents,
    text: `Sales tax: material prices exclude sales tax; ${how}.`,
  };
}

/** The SALES-TAX line's description. */
export function salesTaxLineText(tax: SalesTax, stateName: string): string {
  const local = LOCAL_SALES_TAX_PERCENT[tax.state];
  const stateRate = STATE_SALES_TAX_PERCENT[tax.state] ?? 0;
  if (local === undefined)
    return `Sales tax on materials, ${stateName} state rate ${tax.ratePercent}% (local rates not included: no local figure on file)`;
  if (local === 0) return `Sales tax on materials, ${stateName} ${tax.ratePercent}% (no local sales tax)`;
  return `Sales tax on materials, ${stateName} ${tax.ratePercent}%: state ${stateRate}% + average local ${local}% (Tax Foundation 2025; not this address's own rate)`;
}
