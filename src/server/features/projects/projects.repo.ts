import { and, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { contractorProfiles, installRequests, projects, quotes, users } from '../../platform/db/schema';
import type { ReadCache } from '../../platform/read-cache';
import { liabilityLapsedSql } from '../contractors';
import { createProjectListsRepo } from './project-lists.repo';

/** The database or a transaction: what the repo's writes run on. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;
export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
/** The columns a change may set (never the id, the job number or the creation moment). */
export type ProjectChange = Partial<Omit<NewProject, 'id' | 'number' | 'createdAt'>>;

/**
 * The queries on `projects`: this file is the only code that writes the table. The project as the
 * API answers it (one, or the dashboards' pages) is read in project-lists.repo.ts, spread in here.
 */
export function createProjectsRepo(db: Db, cache: ReadCache) {
  const contractorByIdOrUser = db
    .select({ id: contractorProfiles.id, userId: contractorProfiles.userId })
    .from(contractorProfiles)
    .where(
      or(
        eq(contractorProfiles.id, sql.placeholder('id')),
        eq(contractorProfiles.userId, sql.placeholder('id')),
      ),
    )
    .orderBy(sql`${contractorProfiles.id} = ${sql.placeholder('id')} desc`)
    .limit(1)
    .prepare('projects_contractor_by_id_or_user');
  const profiles = cache.define<{ id: string; userId: string } | undefined>('projects.contractorProfile', [
    contractorProfiles,
  ]);

  return {
    ...createProjectListsRepo(db, cache),

    /** Whether a project already carries `title` (an admin may type any). */
    async titleTaken(tx: Executor, title: string): Promise<boolean> {
      const rows = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.title, title))
        .limit(1);
      return rows.length > 0;
    },

    /** Inserts a project, or nothing (undefined) when another project already has its title. */
    async insertUnlessTitleTaken(tx: Executor, values: NewProject): Promise<ProjectRow | undefined> {
      const [row] = await tx
        .insert(projects)
        .values(values)
        .onConflictDoNothing({ target: projects.title })
        .returning();
      return row;
    },

    /**
     * Inserts projects that carry their own SWRX titles (the demo data); a title already taken
     * is skipped (the seed looks its project up by title).
     */
    async insertWithTitles(tx: Executor, rows: (NewProject & { title: string })[]) {
      if (rows.length === 0) return [];
      return tx
        .insert(projects)
        .values(rows)
        .onConflictDoNothing({ target: projects.title })
        .returning({ id: projects.id, title: projects.title });
    },

    /**
     * The project with its assigned contractor's user, locked until the transaction ends: a change
     * that reads the current state (to stamp dates or check a transition) is never lost to another.
     */
    async lock(tx: Executor, id: string) {
      const [row] = await tx
        .select({ project: projects, contractorUserId: contractorProfiles.userId })
        .from(projects)
        .leftJoin(contractorProfiles, eq(contractorProfiles.id, projects.contractorId))
        .where(eq(projects.id, id))
        .for('update', { of: projects });
      return row;
    },

    /** Writes only the given columns (and updatedAt), so concurrent changes of other columns both land. */
    async update(tx: Executor, id: string, change: ProjectChange, now: Date): Promise<void> {
      await tx
        .update(projects)
        .set({ ...change, updatedAt: now })
        .where(eq(projects.id, id));
    },

    async contractor(id: string, executor: Pick<Db, 'select'> = db) {
      const [row] = await executor
        .select({
          id: contractorProfiles.id,
          userId: contractorProfiles.userId,
          companyName: contractorProfiles.companyName,
          verificationStatus: contractorProfiles.verificationStatus,
          isAvailable: contractorProfiles.isAvailable,
          liabilityLapsed: liabilityLapsedSql('"contractor_profiles"'),
        })
        .from(contractorProfiles)
        .where(eq(contractorProfiles.id, id))
        .limit(1);
      return row;
    },

    /** The contractor profile a list is asked for: by its own id or by its user's id. */
    async contractorByIdOrUser(id: string) {
      return profiles.get(id, async () => {
        const [row] = await contractorByIdOrUser.execute({ id });
        return row;
      });
    },

    /** Every admin's user id (in the caller's transaction when given: PGlite has one connection). */
    async adminIds(executor: Pick<Db, 'select'> = db): Promise<string[]> {
      const rows = await executor.select({ id: users.id }).from(users).where(eq(users.userType, 'admin'));
      return rows.map((r) => r.id);
    },

    /** The projects made from these quotes, with their homeowner (the homeowner dashboard's quote list). */
    async ofQuotes(quoteIds: readonly string[]) {
      if (quoteIds.length === 0) return [];
      const rows = await db
        .select({ id: projects.id, quoteId: projects.quoteId, homeownerId: projects.homeownerId })
        .from(projects)
        .where(inArray(projects.quoteId, [...quoteIds]));
      return rows.flatMap((r) => (r.quoteId ? [{ ...r, quoteId: r.quoteId }] : []));
    },

    async homeownerIdOf(id: string): Promise<string | null> {
      const [row] = await db
        .select({ homeownerId: projects.homeownerId })
        .from(projects)
        .where(eq(projects.id, id))
        .limit(1);
      return row?.homeownerId ?? null;
    },

    /**
     * Gives an account the projects kept by its address while it was unconfirmed: those created
     * for that e-mail (projects.homeowner_email: the admin form, quotes), those of its install
     * requests, and those converted from a quote it requested or is the homeowner of.
     */
    async attachToAccount(tx: Executor, account: { userId: string; email: string }): Promise<void> {
      const address = account.email.trim().toLowerCase();
      const requested = tx
        .select({ id: installRequests.projectId })
        .from(installRequests)
        .where(sql`lower(${installRequests.email}) = ${address}`);
      const quoted = tx
        .select({ id: quotes.id })
        .from(quotes)
        .where(
          or(
            sql`lower(${quotes.requesterEmail}) = ${address}`,
            sql`lower(${quotes.homeownerEmail}) = ${address}`,
          ),
        );
      await tx
        .update(projects)
        .set({ homeownerId: account.userId, updatedAt: new Date() })
        .where(
          and(
            isNull(projects.homeownerId),
            or(
              sql`lower(${projects.homeownerEmail}) = ${address}`,
              inArray(projects.id, requested),
              inArray(projects.quoteId, quoted),
            ),
          ),
        );
    },

    async idOfQuote(quoteId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.quoteId, quoteId))
        .limit(1);
      return row?.id;
    },

    /**
     * Completed projects sold on one of our estimates (the estimate engine's learning data): final
     * cost, ZIP, completion date, and from the quote's estimate only the model's expected cost and
     * version (not the whole JSON). Newest completions first; `zipLike` keeps one ZIP pattern.
     */
    async completedSalesOnEstimates(opts: { zipLike?: string; limit: number }) {
      const conditions: (SQL | undefined)[] = [
        eq(projects.status, 'completed'),
        isNotNull(projects.finalCost),
        isNotNull(projects.zipCode),
        isNotNull(quotes.estimate),
        opts.zipLike ? sql`${projects.zipCode} like ${opts.zipLike}` : undefined,
      ];
      return db
        .select({
          projectId: projects.id,
          zipCode: projects.zipCode,
          finalCost: projects.finalCost,
          completionDate: projects.completionDate,
          contractorId: projects.contractorId,
          modelExpectedCents: sql<unknown>`${quotes.estimate}->'modelExpectedCents'`,
          modelVersion: sql<unknown>`${quotes.estimate}->'modelVersion'`,
        })
        .from(projects)
        .innerJoin(quotes, eq(projects.quoteId, quotes.id))
        .where(and(...conditions))
        .orderBy(sql`${projects.completionDate} desc nulls last`, desc(projects.number))
        .limit(opts.limit);
    },
  };
}

export type ProjectsRepo = ReturnType<typeof createProjectsRepo>;
