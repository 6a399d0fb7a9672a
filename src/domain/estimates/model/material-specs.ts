/**
 * Roofing products of the estimate model: per roofSurfaceMaterial the national base prices of the
 * field material, its installation labor, starter and ridge (USD, 2025 price level, before
 * regional indices and before overhead and profit; see price-book.ts for the other line items),
 * and the product's installation rules (minimum pitch, waste, underlayment, starter at the rakes,
 * valley) with the sources of the starter and valley rules.
 */
import type { RoofSurfaceMaterial } from '../types';

export type MaterialFamily = 'asphalt' | 'premium-asphalt' | 'wood' | 'tile' | 'metal' | 'slate';

export interface MaterialSpec {
  family: MaterialFamily;
  /** Field material description on the line item. */
  fieldDescription: string;
  /** Field material, USD per square (100 sq ft) of roof, incl. fasteners. */
  materialPerSq: number;
  /** Installation labor, USD per square (field, underlayment, starter, ridge, drip edge, valleys). */
  laborPerSq: number;
  /** Lowest pitch (rise per 12) the product may be installed at; flatter areas are priced as the product over low-slope underlayment, with a warning. */
  minPitch: number;
  /** Extra waste points for breakage / cutting of the product. */
  wasteAdd: number;
  /** True when the product needs the heavier (high-temperature or double) underlayment. */
  heavyUnderlayment: boolean;
  starterDescription: string;
  starterPerLf: number;
  /**
   * Starter runs along the rakes too, not only the eaves: only where the manufacturer requires it
   * (laminate and designer shingles: starter at eaves and rakes for the wind warranty); see
   * STARTER_SOURCE.
   */
  starterAtRakes: boolean;
  /**
   * Valley: 'closed-cut' (shingles cut over the valley lining, no valley metal: the asphalt
   * shingle manufacturers' closed-cut valley) or 'metal' (open metal valley, which tile, slate,
   * wood shakes and metal panels need); see VALLEY_SOURCE.
   */
  valley: 'closed-cut' | 'metal';
  ridgeDescription: string;
  ridgePerLf: number;
  /** Spread of product prices within this material (half-width fraction) for the range. */
  priceSpread: number;
}

export const MATERIALS: Record<RoofSurfaceMaterial, MaterialSpec> = {
  '25 YEAR 3-TAB SHINGLE': {
    family: 'asphalt',
    fieldDescription: '25-year 3-tab asphalt shingles',
    materialPerSq: 100,
    laborPerSq: 105,
    minPitch: 2,
    wasteAdd: 0,
    heavyUnderlayment: false,
    starterDescription: 'Starter strip shingles (eaves)',
    starterPerLf: 0.55,
    starterAtRakes: false,
    valley: 'closed-cut',
    ridgeDescription: 'Hip and ridge cap shingles',
    ridgePerLf: 2.4,
    priceSpread: 0.02,
  },
  '30 YEAR LAMINATE SHINGLE': {
    family: 'asphalt',
    fieldDescription: '30-year laminate (architectural) asphalt shingles',
    materialPerSq: 140,
    laborPerSq: 120,
    minPitch: 2,
    wasteAdd: 0,
    heavyUnderlayment: false,
    starterDescription: 'Starter strip shingles (eaves and rakes)',
    starterPerLf: 0.6,
    starterAtRakes: true,
    valley: 'closed-cut',
    ridgeDescription: 'Hip and ridge cap shingles',
    ridgePerLf: 3.2,
    priceSpread: 0.02,
  },
  '40 YEAR LAMINATE SHINGLE': {
    family: 'asphalt',
    fieldDescription: '40-year laminate (architectural) asphalt shingles',
    materialPerSq: 160,
    laborPerSq: 125,
    minPitch: 2,
    wasteAdd: 0,
    heavyUnderlayment: false,
    starterDescription: 'Starter strip shingles (eaves and rakes)',
    starterPerLf: 0.6,
    starterAtRakes: true,
    valley: 'closed-cut',
    ridgeDescription: 'Hip and ridge cap shingles',
    ridgePerLf: 3.5,
    priceSpread: 0.03,
  },
  '50 YEAR LAMINATE SHINGLE': {
    family: 'asphalt',
    fieldDescription: '50-year laminate (premium architectural) asphalt shingles',
    materialPerSq: 190,
    laborPerSq: 135,
    minPitch: 2,
    wasteAdd: 0,
    heavyUnderlayment: false,
    starterDescription: 'Starter strip shingles (eaves and rakes)',
    starterPerLf: 0.65,
    starterAtRakes: true,
    valley: 'closed-cut',
    ridgeDescription: 'Premium hip and ridge cap shingles',
    ridgePerLf: 3.9,
    priceSpread: 0.03,
  },
  'PRESIDENTIAL SHAKE SHINGLE': {
    family: 'premium-asphalt',
    fieldDescription: 'Presidential shake (designer laminate) shingles',
    materialPerSq: 300,
    laborPerSq: 175,
    minPitch: 4,
    wasteAdd: 2,
    heavyUnderlayment: false,
    starterDescription: 'Starter strip shingles (eaves and rakes)',
    starterPerLf: 0.65,
    starterAtRakes: true,
    valley: 'closed-cut',
    ridgeDescription: 'Designer hip and ridge cap',
    ridgePerLf: 4.5,
    priceSpread: 0.04,
  },
  'WOOD SHAKE': {
    family: 'wood',
    fieldDescription: 'Cedar shakes (medium, taper-sawn)',
    materialPerSq: 330,
    laborPerSq: 215,
    minPitch: 4,
    wasteAdd: 3,
    heavyUnderlayment: true,
    starterDescription: 'Starter course, cedar (eaves)',
    starterPerLf: 1.2,
    starterAtRakes: false,
    valley: 'metal',
    ridgeDescription: 'Cedar hip and ridge units',
    ridgePerLf: 5,
    priceSpread: 0.06,
  },
  'TILE - CLAY': {
    family: 'tile',
    fieldDescription: 'Clay roof tile',
    materialPerSq: 650,
    laborPerSq: 460,
    minPitch: 3,
    wasteAdd: 3,
    heavyUnderlayment: true,
    starterDescription: 'Eave closure / bird stop',
    starterPerLf: 2.75,
    starterAtRakes: false,
    valley: 'metal',
    ridgeDescription: 'Clay hip and ridge tiles with ridge nailer',
    ridgePerLf: 9.5,
    priceSpread: 0.07,
  },
  'TILE - CONCRETE': {
    family: 'tile',
    fieldDescription: 'Concrete roof tile',
    materialPerSq: 270,
    laborPerSq: 390,
    minPitch: 3,
    wasteAdd: 3,
    heavyUnderlayment: true,
    starterDescription: 'Eave closure / bird stop',
    starterPerLf: 2.25,
    starterAtRakes: false,
    valley: 'metal',
    ridgeDescription: 'Concrete hip and ridge tiles with ridge nailer',
    ridgePerLf: 7,
    priceSpread: 0.05,
  },
  METAL: {
    family: 'metal',
    fieldDescription: 'Standing seam steel panels (24 ga, painted), clips and fasteners',
    materialPerSq: 460,
    laborPerSq: 420,
    minPitch: 0,
    wasteAdd: 0,
    heavyUnderlayment: false,
    starterDescription: 'Eave cleat and starter trim (eaves; the rakes have the rake trim)',
    starterPerLf: 2.5,
    starterAtRakes: false,
    valley: 'metal',
    ridgeDescription: 'Metal hip and ridge cap with closures',
    ridgePerLf: 6.5,
    priceSpread: 0.07,
  },
  SLATE: {
    family: 'slate',
    fieldDescription: 'Natural slate',
    materialPerSq: 950,
    laborPerSq: 800,
    minPitch: 4,
    wasteAdd: 3,
    heavyUnderlayment: true,
    starterDescription: 'Starter slate course (eaves)',
    starterPerLf: 4.5,
    starterAtRakes: false,
    valley: 'metal',
    ridgeDescription: 'Slate hip and ridge (saddle) with nailer',
    ridgePerLf: 14,
    priceSpread: 0.08,
  },
};

/**
 * Where the starter rule comes from: GAF's limited warranty ("Special Installation") covers its
 * shingles to their maximum wind speed only with starter strip at the eaves and rakes; laminate and
 * designer shingles are sold on that coverage, 3-tab on the standard installation (eaves only);
 * wood shakes and slate start at the eaves; metal and tile have rake trim instead.
 */
export const STARTER_SOURCE =
  "starter at the rakes only where the manufacturer requires it: laminate and designer shingles, sold on their enhanced wind coverage (GAF's limited warranty asks for starter strip at the eaves and rakes for it); 3-tab shingles (standard installation), wood shakes and slate start at the eaves only; tile and metal have closures or rake trim instead";

/**
 * Valleys: asphalt shingles get a closed-cut valley over the valley lining (IRC R905.2.8.2 allows
 * closed valleys lined with underlayment or self-adhered membrane; the shingle manufacturers'
 * instructions give the closed-cut method, and laminate shingles are not woven), no valley metal;
 * tile, slate, wood shakes and metal panels need an open metal valley (IRC R905.3.8, R905.6.5,
 * R905.8.8, R905.10).
 */
export const VALLEY_SOURCE =
  'closed-cut valleys over the ice-and-water valley lining for asphalt shingles (IRC R905.2.8.2 closed valleys; the closed-cut method of the shingle manufacturers, no valley metal); open metal valleys for tile, slate, wood shakes and metal panels (IRC R905.3.8, R905.6.5, R905.8.8)';
