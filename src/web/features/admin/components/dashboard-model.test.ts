import type { PublicUser } from '@domain/auth/schemas';
import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import type { Project } from '@domain/projects/schemas';
import { describe, expect, it } from 'vitest';
import {
  contractorCounts,
  contractorShareDollars,
  csvField,
  dashboardCounts,
  dollarsInputToCents,
  exportCsv,
  pendingProjects,
  projectStatusCounts,
  revenueSummary,
  userTypeCounts,
} from './dashboard-model';

let n = 0;
function project(p: Partial<Project>): Project {
  n += 1;
  return {
    id: `p${n}`,
    title: `SWRX-2026-${n}`,
    address: '1 Main St',
    status: 'pending',
    estimatedCost: null,
    finalCost: null,
    contractorId: null,
    createdAt: `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`,
    ...p,
  } as Project;
}
function contractor(c: Partial<ContractorProfileDetail>): ContractorProfileDetail {
  return {
    verificationStatus: 'pending',
    isAvailable: false,
    totalProjects: 0,
    ...c,
  } as ContractorProfileDetail;
}
function user(u: Partial<PublicUser>): PublicUser {
  return { userType: 'homeowner', isVerified: false, ...u } as PublicUser;
}

const projects = [
  project({ status: 'completed', estimatedCost: 1_000_000, finalCost: 1_100_000 }),
  project({ status: 'completed', estimatedCost: 500_000 }),
  project({ status: 'in_progress', estimatedCost: 2_000_000 }),
  project({ status: 'in_progress', estimatedCost: null }),
  project({ status: 'pending', estimatedCost: 300_000 }),
  project({ status: 'pending', estimatedCost: 0 }),
  project({ status: 'matched', estimatedCost: 700_000, contractorId: 'c1' }),
  project({ status: 'cancelled', estimatedCost: 50_000 }),
];
const contractors = [
  contractor({ id: 'c1', verificationStatus: 'verified', isAvailable: true, totalProjects: 12 }),
  contractor({ verificationStatus: 'verified', isAvailable: false, totalProjects: 3 }),
  contractor({ verificationStatus: 'pending', isAvailable: true }),
  contractor({ verificationStatus: 'rejected' }),
  contractor({ verificationStatus: 'pending_verification' }),
];
const users = [
  user({ userType: 'homeowner' }),
  user({ userType: 'homeowner', isVerified: true }),
  user({ userType: 'contractor' }),
  user({ userType: 'admin' }),
];

describe('admin dashboard figures (spec 2 §2)', () => {
  it('counts the six cards; Total Revenue is the payments received net of refunds (issue 25 #4), not the budgets', () => {
    expect(dashboardCounts(projects, contractors, users, 1_234_567)).toEqual({
      totalProjects: 8,
      pendingProjects: 2,
      totalContractors: 5,
      pendingVerification: 2,
      totalUsers: 4,
      totalRevenue: 1_234_567,
    });
  });

  it('counts projects by status', () => {
    expect(projectStatusCounts(projects)).toEqual({ completed: 2, inProgress: 2, pending: 2, matched: 1 });
  });

  it('lists pending projects without a contractor, oldest first', () => {
    const list = pendingProjects([...projects].reverse());
    expect(list.map((p) => p.status)).toEqual(['pending', 'pending']);
    expect((list[0]?.createdAt ?? '') < (list[1]?.createdAt ?? '')).toBe(true);
  });

  it("counts contractors and the real projects assigned to them (not the profiles' own totals)", () => {
    expect(contractorCounts(contractors, projects)).toEqual({
      verified: 2,
      pending: 2,
      available: 2,
      totalProjects: 1,
    });
  });

  it('counts users by type', () => {
    expect(userTypeCounts(users)).toEqual({ homeowners: 2, contractors: 1, admins: 1 });
  });

  it('Completed Revenue takes finalCost else estimatedCost; Active Pipeline sums in_progress estimates', () => {
    const r = revenueSummary(projects);
    expect(r.completedRevenue).toBe(1_100_000 + 500_000);
    expect(r.activePipeline).toBe(2_000_000);
    expect(r.byValue.map((p) => p.estimatedCost)).toEqual([
      2_000_000, 1_000_000, 700_000, 500_000, 300_000, 50_000,
    ]);
  });

  it('is zero for no data', () => {
    expect(revenueSummary([])).toEqual({ completedRevenue: 0, activePipeline: 0, byValue: [] });
    expect(dashboardCounts([], [], []).totalRevenue).toBe(0);
  });
});

describe('the create form money', () => {
  it('reads dollars as typed', () => {
    expect(dollarsInputToCents('14,500')).toBe(1_450_000);
    expect(dollarsInputToCents('$14500.5')).toBe(1_450_050);
    expect(dollarsInputToCents('')).toBeNull();
    expect(dollarsInputToCents('-3')).toBeNull();
    expect(dollarsInputToCents('abc')).toBeNull();
  });

  it('shows the 88 % contractor share as rounded dollars', () => {
    expect(contractorShareDollars('14500')).toBe(12_760);
    expect(contractorShareDollars('1000.99')).toBe(881);
    expect(contractorShareDollars('')).toBeNull();
  });
});

describe('Export Data CSV', () => {
  it('quotes what needs quoting and neutralises formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(null)).toBe('');
    expect(csvField(['Texas', 'Oklahoma'])).toBe('Texas; Oklahoma');
  });

  it('has a section per list with one row per item', () => {
    const csv = exportCsv(projects, contractors, users);
    const lines = csv.trim().split('\r\n');
    expect(lines.filter((l) => l.startsWith('project,'))).toHaveLength(projects.length);
    expect(lines.filter((l) => l.startsWith('contractor,'))).toHaveLength(5);
    expect(lines.filter((l) => l.startsWith('user,'))).toHaveLength(users.length);
    expect(csv).toContain(',11000.00,');
  });
});
