import type { Project } from '@domain/projects/schemas';
import { formatRoofAreaWithSource } from './format';

const NOT_SPECIFIED = 'Not specified';

/**
 * What the quote told about the roof and the claim (issue 23 #6), the same on every screen that
 * shows a project: the admin's and the homeowner's project views and the contractor's match card.
 * Fields a project never had (an admin's form, an install request) are left out, not 'Not specified'.
 */
export function jobFactRows(project: Project): [string, string][] {
  const rows: [string, string | null][] = [
    ['Roof area', project.roofArea == null ? null : formatRoofAreaWithSource(project, NOT_SPECIFIED)],
    ['Roof layers', project.roofLayers],
    ['Storeys', project.storeys],
    ['Plywood needed', project.plywoodNeeded],
    ['Ridge vent', project.ridgeVent],
    ['Insurance carrier', project.insuranceCarrier],
    ['Claim number', project.insuranceClaimNumber],
  ];
  return rows.filter((r): r is [string, string] => r[1] !== null && r[1].trim() !== '');
}
