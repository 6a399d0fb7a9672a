import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Project } from '../../../domain/projects/schemas';
import type { Db } from '../../platform/db/index';
import { cursorKeyOf, type Keyset, keysetPage } from '../../platform/db/keyset';
import {
  contractorLicenses,
  contractorProfiles,
  projectFiles,
  projectPunchItems,
  projects,
  quotes,
  reviews,
  users,
} from '../../platform/db/schema';
import type { ReadCache } from '../../platform/read-cache';
import { projectListJson } from './project-json-sql';

/**
 * The projects as the API answers them: one project, and the dashboards' pages newest first. Each
 * read joins the homeowner, the assigned contractor (and their user) and the project's files in one
 * round trip: part of the projects repo.
 */
export function createProjectListsRepo(db: Db, cache: ReadCache) {
  async function listText(executor: Pick<Db, 'execute'>, query: SQL): Promise<string> {
    const result = await executor.execute(query);
    const rows = (result as unknown as { rows: { list: string }[] }).rows;
    return rows[0]?.list ?? '[]';
  }

  // the dashboards' lists, kept in memory until a table they read changes (or the day does: the
  // contractor's licence and insurance badges compare expiry dates with today)
  const lists = cache.define<{ list: string; nextCursor: string | null }>(
    'projects.list',
    [
      projects,
      users,
      contractorProfiles,
      contractorLicenses,
      projectFiles,
      projectPunchItems,
      quotes,
      reviews,
    ],
    { dependsOnToday: true },
  );

  /**
   * A page of projects, newest first: the page's keys by keyset on (created_at, number) among the
   * rows `where` keeps, then those projects as the answer's JSON text.
   */
  async function pageOf(
    where: SQL | undefined,
    cursor: string | undefined,
    limit: number,
    hideShare: boolean,
  ): Promise<{ list: string; nextCursor: string | null }> {
    const keyset: Keyset = {
      name: 'newest',
      key: projects.createdAt,
      id: projects.number,
      kinds: ['moment', 'int'],
      order: 'desc',
    };
    const page = await keysetPage(
      keyset,
      cursor,
      limit,
      (after, order, n) =>
        db
          .select({ id: projects.id, number: projects.number, cursorKey: cursorKeyOf(keyset) })
          .from(projects)
          .where(and(where, after))
          .orderBy(order)
          .limit(n),
      (r) => r.number,
    );
    if (page.rows.length === 0) return { list: '[]', nextCursor: null };
    const ids = page.rows.map((r) => r.id);
    const list = await listText(db, projectListJson(inArray(sql`p.id`, ids), hideShare));
    return { list, nextCursor: page.nextCursor };
  }

  return {
    /** One project as the API answers it, or undefined. */
    async view(id: string, opts: { hideShare: boolean }, executor: Pick<Db, 'execute'> = db) {
      const list = await listText(executor, projectListJson(sql`p.id = ${id}`, opts.hideShare));
      return (JSON.parse(list) as Project[])[0];
    },

    /**
     * A page of a homeowner's projects, newest first, as the JSON text of the answer and the
     * cursor of the next page (kept in memory until a table it reads changes).
     */
    async listForHomeowner(
      homeownerId: string,
      opts: { hideShare: boolean },
      cursor: string | undefined,
      limit: number,
    ): Promise<{ list: string; nextCursor: string | null }> {
      return lists.get(`homeowner:${homeownerId}:${opts.hideShare}:${limit}:${cursor ?? ''}`, () =>
        pageOf(eq(projects.homeownerId, homeownerId), cursor, limit, opts.hideShare),
      );
    },

    /** A page of a contractor's projects (by profile id), newest first, likewise. */
    async listForContractor(
      contractorId: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<{ list: string; nextCursor: string | null }> {
      return lists.get(`contractor:${contractorId}:${limit}:${cursor ?? ''}`, () =>
        pageOf(eq(projects.contractorId, contractorId), cursor, limit, false),
      );
    },

    /** A page of every project, newest first (GET /api/projects). */
    async listAllPage(
      cursor: string | undefined,
      limit: number,
    ): Promise<{ list: string; nextCursor: string | null }> {
      return pageOf(undefined, cursor, limit, false);
    },
  };
}
