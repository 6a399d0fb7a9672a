import { compareAddresses } from '../../../domain/estimates/address-match';
import type { Estimate } from '../../../domain/estimates/estimate-types';
import { REPORT_DATA_SOURCES } from '../../../domain/estimates/report/report-content';
import type { RoofMeasurement } from '../../../domain/estimates/types';
import type { QuoteRow } from './estimates.repo';
import { MANUAL_SOURCE } from './measurement-plan';
import type { ReportData } from './report-pdf';

/** What the PDF names as the measurement source of a preliminary report. */
export const PRELIMINARY_SOURCE_TEXT = 'Preliminary — not measured (size from the order, or a typical roof)';

/** What the PDF shows for a quote, its measurement and its priced estimate. */
export function reportDataOf(
  q: QuoteRow,
  measurement: RoofMeasurement,
  estimate: Estimate,
  fileName: string | null,
  brand: { brandName: string; supportEmail: string },
): ReportData {
  const insurance =
    q.insuranceInvolved.trim().toLowerCase() === 'yes'
      ? {
          carrierName: q.carrierName,
          claimNumber: q.claimNumber,
          adjusterName: [q.adjusterFirstName, q.adjusterLastName].filter(Boolean).join(' ') || null,
          adjusterEmail: q.adjusterEmail,
          adjusterPhone: q.adjusterPhone,
        }
      : null;
  return {
    brandName: brand.brandName,
    supportEmail: brand.supportEmail,
    generatedAt: new Date(),
    reference: q.reference,
    orderedAt: q.submittedAt ?? q.createdAt,
    requester: { name: `${q.requesterFirstName} ${q.requesterLastName}`.trim(), email: q.requesterEmail },
    homeowner: {
      name: `${q.homeownerFirstName} ${q.homeownerLastName}`.trim(),
      email: q.homeownerEmail,
      phone: q.homeownerPhone,
    },
    property: {
      line1: q.streetAddress,
      line2: q.streetAddress2?.trim() ? q.streetAddress2 : null,
      cityStateZip: `${q.city}, ${q.state} ${q.zipCode}`,
    },
    insurance,
    roof: {
      roofSurfaceMaterial: q.roofSurfaceMaterial,
      roofLayers: q.roofLayers,
      buildingHeight: q.buildingHeight,
      plywoodNeeded: q.plywoodNeeded,
      ridgeVent: q.ridgeVent,
    },
    measurementSource:
      measurement.source === MANUAL_SOURCE
        ? 'Measurements entered by our estimating team'
        : measurement.source === 'Preliminary'
          ? PRELIMINARY_SOURCE_TEXT
          : q.measurementFileSource,
    measurementFileName: fileName,
    measurement,
    estimate,
    dataSources: REPORT_DATA_SOURCES,
    addressCheck: fileName === null ? null : addressCheckOf(q, measurement),
  };
}

/** The file's address against the order's, as the checks page states it (nothing when they match). */
function addressCheckOf(q: QuoteRow, measurement: RoofMeasurement): ReportData['addressCheck'] {
  const check = compareAddresses(measurement.address, { streetAddress: q.streetAddress, zipCode: q.zipCode });
  if (check.kind === 'match') return null;
  return { kind: check.kind, message: check.message, confirmed: q.measurementAddressConfirmed };
}
