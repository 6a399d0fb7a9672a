import type { Estimate } from '../../../../domain/estimates/estimate-types';
import type { DataSourceNote } from '../../../../domain/estimates/report/report-content';
import type { RoofMeasurement } from '../../../../domain/estimates/types';

/** Everything the report shows; built from the quote row, the measurement and the priced estimate. */
export interface ReportData {
  brandName: string;
  supportEmail: string;
  generatedAt: Date;
  /** The quote's public reference, shown as Project ID. */
  reference: string;
  /** Version of the report of this order (1 = first; a measured report after a preliminary one is 2). Default 1. */
  version?: number;
  orderedAt: Date;
  requester: { name: string; email: string };
  homeowner: { name: string; email: string | null; phone: string | null };
  property: { line1: string; line2: string | null; cityStateZip: string };
  insurance: {
    carrierName: string | null;
    claimNumber: string | null;
    adjusterName: string | null;
    adjusterEmail: string | null;
    adjusterPhone: string | null;
  } | null;
  roof: {
    roofSurfaceMaterial: string;
    roofLayers: string;
    buildingHeight: string;
    plywoodNeeded: string;
    /** The order's ridge vent answer (issue 24 #7); absent or null when not given. */
    ridgeVent?: string | null;
  };
  /** 'Eagleview .xml', ... or 'Manual entry'. */
  measurementSource: string;
  measurementFileName: string | null;
  measurement: RoofMeasurement;
  estimate: Estimate;
  dataSources: readonly DataSourceNote[];
  /** A measurement file whose address is not the order's, or that gives none (issue 24 #2; checks page). */
  addressCheck?: { kind: 'mismatch' | 'missing'; message: string; confirmed: boolean } | null;
}

/** The report's version, 1 when not given. */
export function versionOf(data: ReportData): number {
  return data.version && data.version > 0 ? Math.floor(data.version) : 1;
}

export function isPreliminary(data: ReportData): boolean {
  return data.estimate.basis === 'preliminary';
}
