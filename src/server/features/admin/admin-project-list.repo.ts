import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AdminProjectRow, ProjectListQuery } from '../../../domain/admin/lists';
import type { Db } from '../../platform/db/index';
import { cursorKeyOf, searchPrefix } from '../../platform/db/keyset';
import { contractorProfiles, projects, users } from '../../platform/db/schema';
import {
  ageDays,
  countedBy,
  flag,
  iso,
  keysetOf,
  type ListPage,
  listPager,
  olderThan,
  only,
  type Total,
} from './admin-list-parts';

/** The admins' project list (GET /api/admin/projects): part of the admin lists repo. */

/** A project without an estimated cost sorts as 0 (the key must not be null for a keyset). */
const costKey = sql<number>`coalesce(${projects.estimatedCost}, 0)`;

/**
 * @param matchResponseHours how long a contractor has to answer a match (MATCH_RESPONSE_HOURS):
 *   `matchOverdue=true` lists the matches past it
 */
export function createAdminProjectListRepo(db: Db, matchResponseHours: number) {
  const page = listPager(db);
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
