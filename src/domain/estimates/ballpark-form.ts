import { z } from 'zod';
import { unpriceableZipReason } from './model/priceable-zip';
import { ROOF_SURFACE_MATERIALS } from './types';

/**
 * The /estimate ballpark form (our own form, no third-party embed). Values stay strings as typed;
 * computeBallpark (ballpark-engine.ts) converts them. Messages are shown to people as they are.
 */
export const ballparkMessages = {
  zipRequired: 'ZIP code is required',
  zipInvalid: 'Enter a 5-digit US ZIP code',
  roofAreaRequired: 'Enter the approximate roof area',
  roofAreaRange: 'Enter a roof area between 200 and 50,000 sq ft',
  floorAreaRequired: 'Enter the house floor area',
  floorAreaRange: 'Enter a floor area between 300 and 30,000 sq ft',
  materialRequired: 'Roof surface material is required',
} as const;

export const BALLPARK_AREA_MODES = ['roof', 'floor'] as const;
export const BALLPARK_STORIES = ['1', '2', '3'] as const;

/** Roof steepness choices for people who do not know their pitch (rise per 12). */
export const BALLPARK_STEEPNESS = [
  { value: '4', label: 'Low (about 4/12, easy to walk on)' },
  { value: '6', label: 'Average (about 6/12)' },
  { value: '9', label: 'Steep (about 9/12)' },
  { value: '12', label: 'Very steep (12/12 or more)' },
] as const;

export const ROOF_AREA_LIMITS = { min: 200, max: 50_000 } as const;
export const FLOOR_AREA_LIMITS = { min: 300, max: 30_000 } as const;

function areaField(required: string, range: string, limits: { min: number; max: number }) {
  return (value: string, ctx: z.RefinementCtx, path: string) => {
    const text = value.trim().replace(/,/g, '');
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: required, path: [path] });
      return;
    }
    const n = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text) || n < limits.min || n > limits.max)
      ctx.addIssue({ code: 'custom', message: range, path: [path] });
  };
}
const checkRoofArea = areaField(
  ballparkMessages.roofAreaRequired,
  ballparkMessages.roofAreaRange,
  ROOF_AREA_LIMITS,
);
const checkFloorArea = areaField(
  ballparkMessages.floorAreaRequired,
  ballparkMessages.floorAreaRange,
  FLOOR_AREA_LIMITS,
);

export const ballparkFormSchema = z
  .object({
    zipCode: z.string(),
    areaMode: z.enum(BALLPARK_AREA_MODES),
    roofAreaSqFt: z.string(),
    floorAreaSqFt: z.string(),
    stories: z.enum(BALLPARK_STORIES),
    steepness: z.enum(BALLPARK_STEEPNESS.map((s) => s.value) as ['4', '6', '9', '12']),
    roofSurfaceMaterial: z.enum(ROOF_SURFACE_MATERIALS, { error: ballparkMessages.materialRequired }),
  })
  // One refinement for every text field, so all messages show at once (an object refinement
  // would not run while a field-level check fails).
  .superRefine((v, ctx) => {
    const zip = v.zipCode.trim();
    if (zip === '')
      ctx.addIssue({ code: 'custom', message: ballparkMessages.zipRequired, path: ['zipCode'] });
    else if (!/^\d{5}$/.test(zip))
      ctx.addIssue({ code: 'custom', message: ballparkMessages.zipInvalid, path: ['zipCode'] });
    else {
      // military (APO/FPO/DPO) and unassigned prefixes cannot be priced: said at the field
      const reason = unpriceableZipReason(zip);
      if (reason) ctx.addIssue({ code: 'custom', message: reason, path: ['zipCode'] });
    }
    if (v.areaMode === 'roof') checkRoofArea(v.roofAreaSqFt, ctx, 'roofAreaSqFt');
    else checkFloorArea(v.floorAreaSqFt, ctx, 'floorAreaSqFt');
  });

export type BallparkFormValues = z.input<typeof ballparkFormSchema>;
