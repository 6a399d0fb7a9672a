/**
 * The line-item sheet the estimate is priced on: the roof figures every line reads
 * (PricingContext), the items and assumptions being written (LineItemSheet), and the rounding
 * and formatting helpers the line texts use.
 */

import type { LineItem, LineItemCategory } from '../estimate-types';
import type { ZoneInfo } from '../regional/zones';
import type { EstimateInput, RoofMeasurement } from '../types';
import type { ClimateClass } from './climate';
import type { MaterialSpec } from './material-specs';
import type { WasteBreakdown } from './waste';

export const cents = (usd: number, index: number): number => Math.round(usd * 100 * index);
export const r2 = (n: number): number => Math.round(n * 100) / 100;
export const r1 = (n: number): number => Math.round(n * 10) / 10;
export const pct = (f: number): string => `${(Math.round(f * 1000) / 10).toString()}%`;
export const usd = (c: number): string => `$${Math.round(c / 100).toLocaleString('en-US')}`;

/** What the line items of one roof are computed from. */
export interface PricingContext {
  input: EstimateInput;
  zone: ZoneInfo;
  m: RoofMeasurement;
  spec: MaterialSpec;
  /** Labor, material and general cost indices of the zone. */
  L: number;
  M: number;
  C: number;
  area: number;
  squares: number;
  pitches: Array<{ pitch: number; areaSqFt: number }>;
  /** Area flatter than the product's minimum pitch (priced as the product, with a warning). */
  lowSlopeArea: number;
  /** Area priced as the product: the whole roof. */
  fieldArea: number;
  /** Area under 4/12 (phased in, PITCH_BLEND) that needs low-slope underlayment. */
  lowUnderlayArea: number;
  /** The part of it lined with self-adhered membrane (the rest gets a second layer of underlayment). */
  selfAdheredArea: number;
  /** Some area sits in the phase-in band below a pitch threshold. */
  blended: boolean;
  L_: RoofMeasurement['lengths'];
  ridgeHip: number;
  waste: WasteBreakdown;
  climate: ClimateClass;
}

export interface LineItemSheet {
  items: LineItem[];
  assumptions: string[];
  /** Adds a line (unit price in USD at national prices times `index`); a zero quantity adds nothing. */
  add(
    code: string,
    description: string,
    quantity: number,
    unit: string,
    unitUsd: number,
    index: number,
    category: LineItemCategory,
  ): void;
}

export function createSheet(): LineItemSheet {
  const items: LineItem[] = [];
  const assumptions: string[] = [];
  const add: LineItemSheet['add'] = (code, description, quantity, unit, unitUsd, index, category) => {
    if (!(quantity > 0)) return;
    const unitPriceCents = cents(unitUsd, index);
    items.push({
      code,
      description,
      quantity,
      unit,
      unitPriceCents,
      totalCents: Math.round(quantity * unitPriceCents),
      category,
    });
  };
  return { items, assumptions, add };
}
