import type { PublicUser } from '@domain/auth/schemas';
import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import type { Project } from '@domain/projects/schemas';
import { contractorShareCents } from '@domain/projects/workflow';

/**
 * The admin dashboard's figures (spec 2 §2), pure so they are tested once. Money is integer cents.
 */

export type DashboardPanel = 'projects' | 'pending' | 'contractors' | 'verification' | 'users' | 'revenue';

export interface DashboardCounts {
  totalProjects: number;
  pendingProjects: number;
  totalContractors: number;
  pendingVerification: number;
  totalUsers: number;
  /** Payments received, net of refunds, cents (issue 25 #4: the payouts feature's ledger). */
  totalRevenue: number;
}

export function dashboardCounts(
  projects: readonly Project[],
  contractors: readonly ContractorProfileDetail[],
  users: readonly PublicUser[],
  receivedCents = 0,
): DashboardCounts {
  return {
    totalProjects: projects.length,
    pendingProjects: pendingProjects(projects).length,
    totalContractors: contractors.length,
    pendingVerification: contractors.filter(isPendingVerification).length,
    totalUsers: users.length,
    totalRevenue: receivedCents,
  };
}

/** Awaiting a decision: an application started ('pending') or complete ('pending_verification'). */
export function isPendingVerification(c: Pick<ContractorProfileDetail, 'verificationStatus'>): boolean {
  return c.verificationStatus === 'pending' || c.verificationStatus === 'pending_verification';
}

function sumCents(values: readonly (number | null | undefined)[]): number {
  let total = 0;
  for (const v of values) total += v ?? 0;
  return total;
}

/** Projects panel: Completed, In Progress, Pending, Matched. */
export function projectStatusCounts(projects: readonly Project[]) {
  const count = (s: Project['status']) => projects.filter((p) => p.status === s).length;
  return {
    completed: count('completed'),
    inProgress: count('in_progress'),
    pending: count('pending'),
    matched: count('matched'),
  };
}

/** Pending panel: projects awaiting a contractor (pending, none assigned), oldest first. */
export function pendingProjects(projects: readonly Project[]): Project[] {
  return projects
    .filter((p) => p.status === 'pending' && !p.contractorId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Contractors panel: Verified, Pending, Available (isAvailable), and Total Projects: the projects
 * on this platform with one of these contractors assigned. (The spec sums each profile's own
 * totalProjects, a figure the contractor types about their whole career: 3,018 against 17 real
 * jobs in the demo data, so the panel counts the real ones; the profile's figure stays on each row.)
 */
export function contractorCounts(
  contractors: readonly ContractorProfileDetail[],
  projects: readonly Pick<Project, 'contractorId'>[],
) {
  const ids = new Set(contractors.map((c) => c.id));
  return {
    verified: contractors.filter((c) => c.verificationStatus === 'verified').length,
    pending: contractors.filter(isPendingVerification).length,
    available: contractors.filter((c) => c.isAvailable).length,
    totalProjects: projects.filter((p) => p.contractorId !== null && ids.has(p.contractorId)).length,
  };
}

/** Users panel: Homeowners, Contractors, Admins by userType. */
export function userTypeCounts(users: readonly PublicUser[]) {
  const count = (t: PublicUser['userType']) => users.filter((u) => u.userType === t).length;
  return { homeowners: count('homeowner'), contractors: count('contractor'), admins: count('admin') };
}

/**
 * Revenue panel: Completed Revenue (finalCost, else estimatedCost, over completed projects),
 * Active Pipeline (estimatedCost over in_progress projects), and the projects with a positive
 * estimated cost, highest first.
 */
export function revenueSummary(projects: readonly Project[]) {
  const completedRevenue = sumCents(
    projects.filter((p) => p.status === 'completed').map((p) => p.finalCost ?? p.estimatedCost),
  );
  const activePipeline = sumCents(
    projects.filter((p) => p.status === 'in_progress').map((p) => p.estimatedCost),
  );
  const byValue = projects
    .filter((p) => (p.estimatedCost ?? 0) > 0)
    .sort((a, b) => (b.estimatedCost ?? 0) - (a.estimatedCost ?? 0));
  return { completedRevenue, activePipeline, byValue };
}

/** The contractor's 88 % share of a budget typed in dollars, as a rounded dollar figure ('' when none). */
export function contractorShareDollars(budgetDollars: string): number | null {
  const cents = dollarsInputToCents(budgetDollars);
  if (cents === null) return null;
  return Math.round(contractorShareCents(cents) / 100);
}

/** '14,500' or '$14500.50' -> cents; '' or not a non-negative amount -> null. */
export function dollarsInputToCents(input: string): number | null {
  const cleaned = input.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

// ---------------------------------------------------------------- CSV export

/** One CSV field: quoted when it holds a comma, quote or line break; formula starts are neutralised. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = Array.isArray(value) ? value.join('; ') : String(value);
  // a cell starting with = + - @ is run as a formula by spreadsheets
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n');
}

/**
 * Export Data: one CSV of three sections (projects, contractors, users), each with its own
 * header, separated by a blank line. Money as dollars with cents.
 */
export function exportCsv(
  projects: readonly Project[],
  contractors: readonly ContractorProfileDetail[],
  users: readonly PublicUser[],
): string {
  const dollars = (c: number | null) => (c === null ? '' : (c / 100).toFixed(2));
  const sections = [
    toCsv(
      [
        'section',
        'id',
        'title',
        'status',
        'priority',
        'address',
        'city',
        'state',
        'zipCode',
        'estimatedCost',
        'finalCost',
        'contractor',
        'homeownerEmail',
        'createdAt',
      ],
      projects.map((p) => [
        'project',
        p.id,
        p.title,
        p.status,
        p.priority,
        p.address,
        p.city,
        p.state,
        p.zipCode,
        dollars(p.estimatedCost),
        dollars(p.finalCost),
        p.contractor?.companyName ?? '',
        p.homeowner?.email ?? '',
        p.createdAt,
      ]),
    ),
    toCsv(
      [
        'section',
        'id',
        'companyName',
        'contactName',
        'contactEmail',
        'contactPhone',
        'workingStates',
        'yearsExperience',
        'totalProjects',
        'rating',
        'isAvailable',
        'verificationStatus',
        'createdAt',
      ],
      contractors.map((c) => [
        'contractor',
        c.id,
        c.companyName,
        c.contactName,
        c.contactEmail,
        c.contactPhone,
        c.workingStates,
        c.yearsExperience,
        c.totalProjects,
        c.rating,
        c.isAvailable,
        c.verificationStatus,
        c.createdAt,
      ]),
    ),
    toCsv(
      ['section', 'id', 'firstName', 'lastName', 'email', 'phone', 'userType', 'isVerified', 'createdAt'],
      users.map((u) => [
        'user',
        u.id,
        u.firstName,
        u.lastName,
        u.email,
        u.phone,
        u.userType,
        u.isVerified,
        u.createdAt,
      ]),
    ),
  ];
  return `${sections.join('\r\n\r\n')}\r\n`;
}
