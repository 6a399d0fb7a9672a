// Relative imports only: the unit tests load this file without the bundler's aliases.
import Papa from 'papaparse';
import { centsToDollars } from '../../../../../domain/payments/money';
import type { Project } from '../../../../../domain/projects/schemas';
import { statusText } from '../../../../../domain/projects/status-badges';
import { dashboardProgressPercent } from '../../../../../domain/projects/workflow-steps';

/**
 * The contractor's projects as a CSV file: every field a contractor works with, one row per
 * project. Dates stay ISO 8601 (sortable, read by any spreadsheet), money is in dollars with two
 * decimals. The approved budget is left out: contractors see their payment instead (spec 2 §6).
 */

type Column = readonly [header: string, value: (p: Project) => string | number];

const money = (cents: number | null) => (cents == null ? '' : centsToDollars(cents));
const date = (iso: string | null) => iso ?? '';
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
const text = (s: string | null) => s ?? '';

export const projectCsvColumns: readonly Column[] = [
  ['Job ID', (p) => p.title],
  ['Project ID', (p) => p.id],
  ['Status', (p) => statusText(p.status)],
  ['Priority', (p) => p.priority],
  ['Address', (p) => p.address],
  ['City', (p) => text(p.city)],
  ['State', (p) => text(p.state)],
  ['ZIP Code', (p) => text(p.zipCode)],
  ['Roof Area (sq ft)', (p) => p.roofArea ?? ''],
  ['Roof Type', (p) => text(p.roofType)],
  ['Material Preference', (p) => text(p.materialPreference)],
  ['Description', (p) => text(p.description)],
  ['Homeowner First Name', (p) => text(p.homeowner?.firstName ?? null)],
  ['Homeowner Last Name', (p) => text(p.homeowner?.lastName ?? null)],
  ['Homeowner Email', (p) => p.homeowner?.email ?? ''],
  ['Homeowner Phone', (p) => text(p.homeowner?.phone ?? null)],
  ['Your Payment (USD)', (p) => money(p.contractorPaymentAmount)],
  ['Final Cost (USD)', (p) => money(p.finalCost)],
  ['Progress (%)', (p) => dashboardProgressPercent(p)],
  ['Created At', (p) => p.createdAt],
  ['Start Date', (p) => date(p.startDate)],
  ['Completion Date', (p) => date(p.completionDate)],
  ['Homeowner Contact Completed', (p) => yesNo(p.homeownerContactCompleted)],
  ['Homeowner Contact Date', (p) => date(p.homeownerContactDate)],
  ['Homeowner Contact Notes', (p) => text(p.homeownerContactNotes)],
  ['Material Selection Completed', (p) => yesNo(p.materialSelectionCompleted)],
  ['Material Selection Date', (p) => date(p.materialSelectionDate)],
  ['Selected Material', (p) => text(p.selectedMaterial)],
  ['Homeowner Signature Confirmed', (p) => yesNo(p.homeownerSignatureConfirmed)],
  ['Homeowner Signature Date', (p) => date(p.homeownerSignatureDate)],
  ['Signature Document', (p) => text(p.signatureDocument)],
  ['Permit Status', (p) => statusText(p.permitStatus)],
  ['Permit Application Date', (p) => date(p.permitApplicationDate)],
  ['Permit Issued Date', (p) => date(p.permitIssuedDate)],
  ['Permit Notes', (p) => text(p.permitNotes)],
  ['Material Status', (p) => statusText(p.materialStatus)],
  ['Material Ordered Date', (p) => date(p.materialOrderedDate)],
  ['Material Expected Delivery Date', (p) => date(p.materialDeliveryDate)],
  ['Material Delivered Date', (p) => date(p.materialDeliveredDate)],
  ['Material Notes', (p) => text(p.materialNotes)],
  ['Crew Scheduled', (p) => yesNo(p.crewScheduled)],
  ['Crew Scheduled Date', (p) => date(p.crewScheduledDate)],
  ['Crew Notes', (p) => text(p.crewScheduledNotes)],
  ['Install Completed', (p) => yesNo(p.installCompleted)],
  ['Install Completed Date', (p) => date(p.installCompletedDate)],
  ['Install Notes', (p) => text(p.installNotes)],
  ['Installation Photos', (p) => p.installPhotos.length],
  ['Documents', (p) => p.documents.length],
];

/**
 * The CSV text. Cells that a spreadsheet would run as a formula (=, +, -, @ first) are escaped:
 * addresses and notes are typed by other people.
 */
export function projectsCsv(projects: readonly Project[]): string {
  return Papa.unparse(
    {
      fields: projectCsvColumns.map(([header]) => header),
      data: projects.map((p) => projectCsvColumns.map(([, value]) => value(p))),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
}

/** 'ridgeline-projects-2026-05-14.csv', or the job id for one project. */
export function projectsCsvFileName(now: Date, jobId?: string): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const slug = jobId ? jobId.replace(/[^A-Za-z0-9-]+/g, '-') : 'projects';
  return `ridgeline-${slug}-${day}.csv`;
}
