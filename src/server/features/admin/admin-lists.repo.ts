import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type {
  AdminContractorRow,
  AdminProjectRow,
  AdminUserRow,
  ContractorListQuery,
  ProjectListQuery,
  UserListQuery,
} from '../../../domain/admin/lists';
import type { SortOrder } from '../../../domain/lists';
import { listTotal } from '../../platform/db/counters';
import type { Db } from '../../platform/db/index';
import {
  afterCursor,
  cursorKeyOf,
  cursorOr400,
  type Keyset,
  keysetOrder,
  pageOf,
  searchPrefix,
} from '../../platform/db/keyset';
import { contractorProfiles, projects, users } from '../../platform/db/schema';
import { contractorRatingSql, reviewCountSql } from '../reviews';

/**
 * The admins' lists at size (issue 26 #1): one keyset page of projects, contractors or users,
 * searched, filtered and sorted by the database. Each sort walks an index: (created_at, id),
 * (title), (company_name, id), (email); each search a lower(column) text_pattern_ops index.
 */

export interface ListPage<R> {
  items: R[];
  nextCursor: string | null;
  total?: number;
  totalCapped?: boolean;
}

/** How a first page's total is had: the counters' keys (exact, one small read), or row by row. */
type Total = { keys: readonly string[] | null; table: PgTable };

/** The counters' keys that give a list's total exactly when its query holds only these filters. */
function countedBy(
  query: Record<string, unknown>,
  base: readonly string[],
  known: (filters: Record<string, unknown>) => readonly string[] | null,
): readonly string[] | null {
  const { cursor: _c, limit: _l, sort: _s, order: _o, ...rest } = query;
  const filters = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''));
  return Object.keys(filters).length === 0 ? base : known(filters);
}
const only = (filters: Record<string, unknown>, ...names: string[]) =>
  Object.keys(filters).length === names.length && names.every((n) => n in filters);

/** A moment as the API writes it (toISOString's form). */
const iso = (col: AnyPgColumn) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const ageDays = (col: AnyPgColumn) => sql<number>`floor(extract(epoch from (now() - ${col})) / 86400)::int`;
const olderThan = (col: AnyPgColumn, days: number | undefined) =>
  days === undefined ? undefined : sql`${col} <= now() - make_interval(days => ${days})`;
const flag = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');

type SortSpec = { key: AnyPgColumn | SQL; kind: 'moment' | 'text' | 'int'; order: SortOrder };

function keysetOf(
  sorts: Record<string, SortSpec>,
  sort: string,
  order: SortOrder | undefined,
  id: AnyPgColumn,
): Keyset {
  const spec = sorts[sort] as SortSpec;
  const dir = order ?? spec.order;
  return { name: `${sort}.${dir}`, key: spec.key, id, kinds: [spec.kind, 'uuid'], order: dir };
}

/** A project without an estimated cost sorts as 0 (the key must not be null for a keyset). */
const costKey = sql<number>`coalesce(${projects.estimatedCost}, 0)`;

/**
 * @param matchResponseHours how long a contractor has to answer a match (MATCH_RESPONSE_HOURS):
 *   `matchOverdue=true` lists the matches past it
 */
export function createAdminListsRepo(db: Db, matchResponseHours: number) {
  /** Reads limit + 1 rows after the cursor, and on the first page the count of every match. */
  async function page<R extends { id: string }>(
    keyset: Keyset,
    cursorText: string | undefined,
    limit: number,
    where: SQL | undefined,
    read: (where: SQL | undefined, order: SQL, limit: number) => Promise<(R & { cursorKey: string })[]>,
    total: Total,
  ): Promise<ListPage<R>> {
    const cursor = cursorOr400(cursorText, keyset.name, keyset.kinds);
    const rows = await read(and(where, afterCursor(keyset, cursor)), keysetOrder(keyset), limit + 1);
    const { rows: items, nextCursor } = pageOf(rows, limit, keyset.name, (r) => [r.cursorKey, r.id]);
    const result: ListPage<R> = {
      items: items.map(({ cursorKey: _, ...rest }) => rest as unknown as R),
      nextCursor,
    };
    return cursor ? result : { ...result, ...(await listTotal(db, total.keys, total.table, where, keyset)) };
  }

  return {
    async projects(query: ProjectListQuery): Promise<ListPage<AdminProjectRow>> {
      const keyset = keysetOf(
        {
          createdAt: { key: projects.createdAt, kind: 'moment', order: 'desc' },
          age: { key: projects.createdAt, kind: 'moment', order: 'asc' },
          title: { key: projects.title, kind: 'text', order: 'asc' },
          estimatedCost: { key: costKey, kind: 'int', order: 'desc' },
          waiting: {
            key: sql`coalesce(${projects.assignedAt}, ${projects.createdAt})`,
            kind: 'moment',
            order: 'asc',
          },
        },
        query.sort,
        query.order,
        projects.id,
      );
      const where = and(
        query.status ? eq(projects.status, query.status) : undefined,
        query.priority ? eq(projects.priority, query.priority) : undefined,
        query.state ? eq(projects.state, query.state) : undefined,
        query.contractorId ? eq(projects.contractorId, query.contractorId) : undefined,
        query.unassigned === undefined
          ? undefined
          : query.unassigned === 'true'
            ? isNull(projects.contractorId)
            : sql`${projects.contractorId} is not null`,
        olderThan(projects.createdAt, query.minAgeDays),
        flag(query.matchOverdue) === undefined
          ? undefined
          : flag(query.matchOverdue)
            ? sql`(${projects.status} = 'matched' and ${projects.assignedAt} <= now() - make_interval(hours => ${matchResponseHours}))`
            : sql`not (${projects.status} = 'matched' and coalesce(${projects.assignedAt} <= now() - make_interval(hours => ${matchResponseHours}), false))`,
        searchPrefix(
          [projects.title, projects.address, projects.homeownerName, projects.homeownerEmail],
          query.q,
        ),
      );
      const cursorKey = cursorKeyOf(keyset);
      return page<AdminProjectRow>(
        keyset,
        query.cursor,
        query.limit,
        where,
        (w, order, limit) =>
          db
            .select({
              id: projects.id,
              title: projects.title,
              address: projects.address,
              city: projects.city,
              state: projects.state,
              zipCode: projects.zipCode,
              status: projects.status,
              priority: projects.priority,
              estimatedCost: projects.estimatedCost,
              finalCost: projects.finalCost,
              contractorId: projects.contractorId,
              contractorName: contractorProfiles.companyName,
              homeownerName: sql<
                string | null
              >`coalesce(${projects.homeownerName}, nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''))`,
              homeownerEmail: sql<string | null>`coalesce(${users.email}, ${projects.homeownerEmail})`,
              homeownerConfirmed: sql<boolean>`coalesce(${users.isVerified}, false)`,
              assignedAt: sql<
                string | null
              >`case when ${projects.assignedAt} is null then null else ${iso(projects.assignedAt)} end`,
              createdAt: iso(projects.createdAt),
              ageDays: ageDays(projects.createdAt),
              cursorKey,
            })
            .from(projects)
            .leftJoin(contractorProfiles, eq(contractorProfiles.id, projects.contractorId))
            .leftJoin(users, eq(users.id, projects.homeownerId))
            .where(w)
            .orderBy(order)
            .limit(limit),
        projectTotal(query),
      );
    },

    async contractors(query: ContractorListQuery): Promise<ListPage<AdminContractorRow>> {
      const keyset = keysetOf(
        {
          createdAt: { key: contractorProfiles.createdAt, kind: 'moment', order: 'desc' },
          age: { key: contractorProfiles.createdAt, kind: 'moment', order: 'asc' },
          companyName: { key: contractorProfiles.companyName, kind: 'text', order: 'asc' },
        },
        query.sort,
        query.order,
        contractorProfiles.id,
      );
      const c = contractorProfiles;
      const where = and(
        query.status === 'awaiting'
          ? inArray(c.verificationStatus, ['pending', 'pending_verification'])
          : query.status
            ? eq(c.verificationStatus, query.status)
            : undefined,
        query.state ? eq(c.businessState, query.state) : undefined,
        flag(query.available) === undefined ? undefined : eq(c.isAvailable, flag(query.available) as boolean),
        olderThan(c.createdAt, query.minAgeDays),
        searchPrefix([c.companyName, c.contactName, c.contactEmail], query.q),
      );
      const cursorKey = cursorKeyOf(keyset);
      return page<AdminContractorRow>(
        keyset,
        query.cursor,
        query.limit,
        where,
        (w, order, limit) =>
          db
            .select({
              id: c.id,
              userId: c.userId,
              companyName: c.companyName,
              contactName: c.contactName,
              contactEmail: c.contactEmail,
              userName: sql<
                string | null
              >`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
              userEmail: users.email,
              yearsExperience: c.yearsExperience,
              totalProjects: c.totalProjects,
              rating: contractorRatingSql('contractor_profiles'),
              reviewCount: reviewCountSql('contractor_profiles'),
              businessCity: c.businessCity,
              businessState: c.businessState,
              verificationStatus: c.verificationStatus,
              isAvailable: c.isAvailable,
              createdAt: iso(c.createdAt),
              ageDays: ageDays(c.createdAt),
              cursorKey,
            })
            .from(c)
            .leftJoin(users, eq(users.id, c.userId))
            .where(w)
            .orderBy(order)
            .limit(limit),
        contractorTotal(query),
      );
    },

    async users(query: UserListQuery): Promise<ListPage<AdminUserRow>> {
      const keyset = keysetOf(
        {
          createdAt: { key: users.createdAt, kind: 'moment', order: 'desc' },
          email: { key: users.email, kind: 'text', order: 'asc' },
        },
        query.sort,
        query.order,
        users.id,
      );
      const verified = flag(query.verified);
      const where = and(
        query.userType ? eq(users.userType, query.userType) : undefined,
        verified === undefined ? undefined : eq(users.isVerified, verified),
        olderThan(users.createdAt, query.minAgeDays),
        searchPrefix([users.email, users.firstName, users.lastName], query.q),
      );
      const cursorKey = cursorKeyOf(keyset);
      return page<AdminUserRow>(
        keyset,
        query.cursor,
        query.limit,
        where,
        (w, order, limit) =>
          db
            .select({
              id: users.id,
              email: users.email,
              firstName: users.firstName,
              lastName: users.lastName,
              phone: users.phone,
              userType: users.userType,
              isVerified: users.isVerified,
              createdAt: iso(users.createdAt),
              ageDays: ageDays(users.createdAt),
              cursorKey,
            })
            .from(users)
            .where(w)
            .orderBy(order)
            .limit(limit),
        userTotal(query),
      );
    },
  };
}

function projectTotal(query: ProjectListQuery): Total {
  const keys = countedBy(query, ['projects.total'], (f) =>
    only(f, 'status')
      ? [`projects.status.${query.status}`]
      : only(f, 'status', 'unassigned') && query.status === 'pending' && query.unassigned === 'true'
        ? ['projects.pending_unassigned']
        : null,
  );
  return { keys, table: projects };
}

function contractorTotal(query: ContractorListQuery): Total {
  const keys = countedBy(query, ['contractor_profiles.total'], (f) =>
    only(f, 'status')
      ? query.status === 'awaiting'
        ? ['contractor_profiles.status.pending', 'contractor_profiles.status.pending_verification']
        : [`contractor_profiles.status.${query.status}`]
      : only(f, 'available') && query.available === 'true'
        ? ['contractor_profiles.available']
        : null,
  );
  return { keys, table: contractorProfiles };
}

function userTotal(query: UserListQuery): Total {
  const keys = countedBy(query, ['users.total'], (f) =>
    only(f, 'userType') ? [`users.type.${query.userType}`] : null,
  );
  return { keys, table: users };
}

export type AdminListsRepo = ReturnType<typeof createAdminListsRepo>;
