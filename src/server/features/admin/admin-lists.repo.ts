import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  AdminContractorRow,
  AdminUserRow,
  ContractorListQuery,
  UserListQuery,
} from '../../../domain/admin/lists';
import type { Db } from '../../platform/db/index';
import { cursorKeyOf, searchPrefix } from '../../platform/db/keyset';
import { contractorProfiles, users } from '../../platform/db/schema';
import { contractorRatingSql, reviewCountSql } from '../reviews';
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
import { createAdminProjectListRepo } from './admin-project-list.repo';

/**
 * The admins' lists at size (issue 26 #1): one keyset page of projects, contractors or users,
 * searched, filtered and sorted by the database. Each sort walks an index: (created_at, id),
 * (title), (company_name, id), (email); each search a lower(column) text_pattern_ops index.
 * The project list is a module of its own (admin-project-list.repo.ts); what the lists share,
 * the page, its total and the SQL of moments and ages, is in admin-list-parts.ts.
 */

/**
 * @param matchResponseHours how long a contractor has to answer a match (MATCH_RESPONSE_HOURS):
 *   the project list's `matchOverdue=true` lists the matches past it
 */
export function createAdminListsRepo(db: Db, matchResponseHours: number) {
  const page = listPager(db);
  return {
    ...createAdminProjectListRepo(db, matchResponseHours),

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
