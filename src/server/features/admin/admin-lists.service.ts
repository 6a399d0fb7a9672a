import type { Readable } from 'node:stream';
import type {
  AdminContractorRow,
  AdminListKind,
  AdminProjectRow,
  AdminSummary,
  AdminUserRow,
  ContractorListQuery,
  ProjectListQuery,
  UserListQuery,
} from '../../../domain/admin/lists';
import { centsToDollars } from '../../../domain/payments/money';
import { CSV_PAGE, type CsvColumn, csvStream } from '../../platform/csv-stream';
import type { Db } from '../../platform/db/index';
import {
  adminCounterDeltas,
  adminCounters,
  contractorProfiles,
  projects,
  reviews,
  users,
} from '../../platform/db/schema';
import type { CachedReads, ReadCache } from '../../platform/read-cache';
import type { ListPage } from './admin-list-parts';
import { createAdminListsRepo } from './admin-lists.repo';
import { createAdminSummaryRepo } from './admin-summary.repo';

const text = (s: string | null) => s ?? '';
const money = (cents: number | null) => (cents === null ? '' : centsToDollars(cents));

const projectColumns: readonly CsvColumn<AdminProjectRow>[] = [
  ['Created At', (r) => r.createdAt],
  ['Job ID', (r) => r.title],
  ['Address', (r) => r.address],
  ['City', (r) => text(r.city)],
  ['State', (r) => text(r.state)],
  ['Status', (r) => r.status],
  ['Priority', (r) => r.priority],
  ['Estimated Cost (USD)', (r) => money(r.estimatedCost)],
  ['Final Cost (USD)', (r) => money(r.finalCost)],
  ['Contractor', (r) => text(r.contractorName)],
  ['Homeowner', (r) => text(r.homeownerName)],
  ['Homeowner E-mail', (r) => text(r.homeownerEmail)],
  ['Age (days)', (r) => r.ageDays],
  ['Project ID', (r) => r.id],
];

const contractorColumns: readonly CsvColumn<AdminContractorRow>[] = [
  ['Applied At', (r) => r.createdAt],
  ['Company', (r) => r.companyName],
  ['Contact', (r) => r.contactName],
  ['Contact E-mail', (r) => r.contactEmail],
  ['City', (r) => text(r.businessCity)],
  ['State', (r) => text(r.businessState)],
  ['Verification', (r) => r.verificationStatus],
  ['Available', (r) => (r.isAvailable ? 'yes' : 'no')],
  ['Age (days)', (r) => r.ageDays],
  ['Contractor ID', (r) => r.id],
];

const userColumns: readonly CsvColumn<AdminUserRow>[] = [
  ['Joined At', (r) => r.createdAt],
  ['E-mail', (r) => r.email],
  ['First Name', (r) => text(r.firstName)],
  ['Last Name', (r) => text(r.lastName)],
  ['Phone', (r) => text(r.phone)],
  ['Type', (r) => r.userType],
  ['Confirmed', (r) => (r.isVerified ? 'yes' : 'no')],
  ['User ID', (r) => r.id],
];

/** How often the admin.counters-fold job moves the counters' deltas into their totals. */
export const COUNTERS_FOLD_INTERVAL_S = 60;

export function adminListCsvFileName(kind: AdminListKind, now: Date): string {
  return `ridgeline-${kind}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The admins' lists, the CSV exports of the same filtered lists and the dashboard summary
 * (issue 26 #1, #2); the summary from the counters the database keeps (decision 009).
 */
export function createAdminListsService(deps: { db: Db; readCache: ReadCache; matchResponseHours: number }) {
  const summaryRepo = createAdminSummaryRepo(deps.db);
  const repo = createAdminListsRepo(deps.db, deps.matchResponseHours);
  // Every admin opening the dashboard asks the same first pages: kept in memory until one of the
  // tables they read changes (decision 005). A filter on the clock (overdue matches, a minimum
  // age) is kept for the current minute only; a row's ageDays may be up to the cache's 10 minutes late.
  // the first pages' totals and the summary read the counters the database keeps (decision 009)
  const counted = [adminCounters, adminCounterDeltas];
  const cached = {
    projects: deps.readCache.define<ListPage<AdminProjectRow>>('admin.projectList', [
      projects,
      contractorProfiles,
      users,
      ...counted,
    ]),
    contractors: deps.readCache.define<ListPage<AdminContractorRow>>('admin.contractorList', [
      contractorProfiles,
      users,
      reviews,
      ...counted,
    ]),
    users: deps.readCache.define<ListPage<AdminUserRow>>('admin.userList', [users, ...counted]),
    summary: deps.readCache.define<AdminSummary>('admin.summary', counted),
  };
  const keyOf = (q: { minAgeDays?: number; matchOverdue?: string }) =>
    q.minAgeDays !== undefined || q.matchOverdue !== undefined
      ? `${JSON.stringify(q)}@${Math.floor(Date.now() / 60_000)}`
      : JSON.stringify(q);
  function through<Q extends { minAgeDays?: number; matchOverdue?: string }, R>(
    family: CachedReads<ListPage<R>>,
    read: (q: Q) => Promise<ListPage<R>>,
  ) {
    return (q: Q) => family.get(keyOf(q), () => read(q));
  }

  /** Every page of a filtered list, read CSV_PAGE rows at a time as the reply drains. */
  function exportOf<Q extends { cursor?: string; limit: number }, R>(
    query: Q,
    read: (q: Q) => Promise<ListPage<R>>,
    columns: readonly CsvColumn<R>[],
  ): Readable {
    return csvStream(columns, (cursor) => read({ ...query, cursor, limit: CSV_PAGE }));
  }

  return {
    projects: through(cached.projects, repo.projects),
    contractors: through(cached.contractors, repo.contractors),
    users: through(cached.users, repo.users),

    projectsCsv: (query: ProjectListQuery) => exportOf(query, repo.projects, projectColumns),
    contractorsCsv: (query: ContractorListQuery) => exportOf(query, repo.contractors, contractorColumns),
    usersCsv: (query: UserListQuery) => exportOf(query, repo.users, userColumns),

    summary: (): Promise<AdminSummary> => cached.summary.get('summary', () => summaryRepo.summary()),
    /** Moves the counters' deltas into their totals (the admin.counters-fold job). */
    foldCounters: () => summaryRepo.fold(),
  };
}

export type AdminListsService = ReturnType<typeof createAdminListsService>;
