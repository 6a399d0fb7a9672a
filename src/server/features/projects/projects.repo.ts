import { and, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/index';
import { contractorProfiles, projects, quotes, users } from '../../platform/db/schema';

/** The database or a transaction: what the repo's writes run on. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;
export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
/** The columns a change may set (never the id, the job number or the creation moment). */
export type ProjectChange = Partial<Omit<NewProject, 'id' | 'number' | 'createdAt'>>;

/** A project file as the view query aggregates it (project_files rows, signatures left out). */
export interface FileJson {
  id: string;
  kind: 'document' | 'image' | 'install_photo';
  fileName: string;
  contentType: string;
  size: number;
  hasThumbnail: boolean;
  uploadedAt: string;
  uploadedBy: string | null;
}

const homeowners = alias(users, 'homeowners');
const contractorUsers = alias(users, 'contractor_users');

/** The job number a demo title carries (SWRX-2026-0446 -> 446), so later numbers never reuse it. */
export function numberOfTitle(title: string): number | undefined {
  const m = /^SWRX-\d{4}-(\d{1,9})$/.exec(title);
  const n = m ? Number(m[1]) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}

/** The sequence behind projects.number (the serial kept its name when migration 0006 renamed the column). */
const NUMBER_SEQUENCE = sql`pg_get_serial_sequence('projects', 'number')`;

/**
 * The queries on `projects`: this file is the only code that writes the table. Reads join the
 * homeowner, the assigned contractor (and their user) and the project's files in one round trip.
 */
export function createProjectsRepo(db: Db) {
  /** One project with everyone it names and its files: what every project answer is made from. */
  function views(executor: Pick<Db, 'select'> = db) {
    return executor
      .select({
        project: projects,
        homeowner: {
          id: homeowners.id,
          firstName: homeowners.firstName,
          lastName: homeowners.lastName,
          email: homeowners.email,
          phone: homeowners.phone,
        },
        contractor: {
          id: contractorProfiles.id,
          userId: contractorProfiles.userId,
          companyName: contractorProfiles.companyName,
          contactEmail: contractorProfiles.contactEmail,
          contactPhone: contractorProfiles.contactPhone,
          rating: contractorProfiles.rating,
          totalProjects: contractorProfiles.totalProjects,
        },
        contractorUser: { firstName: contractorUsers.firstName, lastName: contractorUsers.lastName },
        files: sql<FileJson[]>`coalesce((
          select json_agg(json_build_object(
            'id', f.id, 'kind', f.kind, 'fileName', f.file_name, 'contentType', f.content_type,
            'size', f.size, 'hasThumbnail', f.thumbnail_key is not null,
            'uploadedAt', f.created_at, 'uploadedBy', f.uploaded_by
          ) order by f.created_at, f.id)
          from project_files f
          where f.project_id = ${projects.id} and f.kind <> 'signature'
        ), '[]'::json)`,
      })
      .from(projects)
      .leftJoin(homeowners, eq(homeowners.id, projects.homeownerId))
      .leftJoin(contractorProfiles, eq(contractorProfiles.id, projects.contractorId))
      .leftJoin(contractorUsers, eq(contractorUsers.id, contractorProfiles.userId));
  }

  const newestFirst = [desc(projects.createdAt), desc(projects.number)] as const;

  // The homeowner's dashboard list is the hot read: prepared once, planned once per connection.
  const forHomeowner = views()
    .where(eq(projects.homeownerId, sql.placeholder('homeownerId')))
    .orderBy(...newestFirst)
    .prepare('projects_for_homeowner');

  return {
    async view(id: string, executor: Pick<Db, 'select'> = db) {
      const [row] = await views(executor).where(eq(projects.id, id)).limit(1);
      return row;
    },

    async viewsForHomeowner(homeownerId: string) {
      return forHomeowner.execute({ homeownerId });
    },

    async viewsForContractor(contractorId: string) {
      return views()
        .where(eq(projects.contractorId, contractorId))
        .orderBy(...newestFirst);
    },

    async allViews() {
      return views().orderBy(...newestFirst);
    },

    /** The next job number and whether a project already carries `title` (an admin may type any). */
    async nextNumber(tx: Executor): Promise<number> {
      const result = await tx.execute<{ n: string | number }>(sql`select nextval(${NUMBER_SEQUENCE}) as n`);
      const rows = (result as unknown as { rows: { n: string | number }[] }).rows;
      return Number(rows[0]?.n);
    },

    async titleTaken(tx: Executor, title: string): Promise<boolean> {
      const rows = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.title, title))
        .limit(1);
      return rows.length > 0;
    },

    async insert(tx: Executor, values: NewProject): Promise<ProjectRow> {
      const [row] = await tx.insert(projects).values(values).returning();
      if (!row) throw new Error('project insert returned nothing');
      return row;
    },

    /**
     * Inserts projects that carry their own SWRX titles (the demo data): each keeps the job number
     * its title names when that number is free, and the sequence is moved past them all first, so
     * a project created later never gets a number (and so a title) a demo project already has.
     */
    async insertWithTitles(tx: Executor, rows: (NewProject & { title: string })[]) {
      if (rows.length === 0) return [];
      const wanted = rows.map((r) => numberOfTitle(r.title));
      const numbers = wanted.filter((n): n is number => n !== undefined);
      const taken = new Set<number>();
      if (numbers.length > 0) {
        const used = await tx
          .select({ number: projects.number })
          .from(projects)
          .where(inArray(projects.number, numbers));
        for (const u of used) taken.add(u.number);
      }
      const highest = Math.max(0, ...numbers);
      await tx.execute(
        sql`select setval(${NUMBER_SEQUENCE}, greatest(
          coalesce(pg_sequence_last_value(${NUMBER_SEQUENCE}::regclass), 0),
          coalesce((select max(${projects.number}) from ${projects}), 0),
          ${highest}::bigint,
          1))`,
      );
      return tx
        .insert(projects)
        .values(
          rows.map((r, i) => {
            const n = wanted[i];
            return n !== undefined && !taken.has(n) ? { ...r, number: n } : r;
          }),
        )
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
        })
        .from(contractorProfiles)
        .where(eq(contractorProfiles.id, id))
        .limit(1);
      return row;
    },

    /** The contractor profile a list is asked for: by its own id or by its user's id. */
    async contractorByIdOrUser(id: string) {
      const [row] = await db
        .select({ id: contractorProfiles.id, userId: contractorProfiles.userId })
        .from(contractorProfiles)
        .where(or(eq(contractorProfiles.id, id), eq(contractorProfiles.userId, id)))
        .orderBy(sql`${contractorProfiles.id} = ${id} desc`)
        .limit(1);
      return row;
    },

    async adminIds(): Promise<string[]> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.userType, 'admin'));
      return rows.map((r) => r.id);
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
export type ProjectView = NonNullable<Awaited<ReturnType<ProjectsRepo['view']>>>;
