import { and, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Project } from '../../../domain/projects/schemas';
import type { Db } from '../../platform/db/index';
import {
  contractorLicenses,
  contractorProfiles,
  installRequests,
  projectFiles,
  projects,
  quotes,
  users,
} from '../../platform/db/schema';
import type { ReadCache } from '../../platform/read-cache';
import { insuredUntilText, liabilityLapsedSql, licensedUntilText } from '../contractors';

/** The database or a transaction: what the repo's writes run on. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;
export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
/** The columns a change may set (never the id, the job number or the creation moment). */
export type ProjectChange = Partial<Omit<NewProject, 'id' | 'number' | 'createdAt'>>;

/**
 * A moment as the API writes it: ISO 8601 in UTC with milliseconds, exactly as
 * Date.prototype.toISOString() does (2026-05-14T15:30:00.000Z).
 */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const fileUrl = `'/api/projects/' || p.id || '/files/' || f.id`;
const fileOrder = 'order by f.created_at, f.id';

/** The Project fields after contractorPaymentAmount (see projectListJson), each named. */
const PROJECT_FIELDS = `
  p.contractor_id as "contractorId", p.homeowner_id as "homeownerId", p.quote_id as "quoteId",
  ${iso('p.created_at')} as "createdAt", ${iso('p.updated_at')} as "updatedAt",
  ${iso('p.start_date')} as "startDate", ${iso('p.completion_date')} as "completionDate",
  p.homeowner_contact_completed as "homeownerContactCompleted",
  ${iso('p.homeowner_contact_date')} as "homeownerContactDate",
  p.homeowner_contact_notes as "homeownerContactNotes",
  p.material_selection_completed as "materialSelectionCompleted",
  ${iso('p.material_selection_date')} as "materialSelectionDate",
  p.selected_material as "selectedMaterial",
  p.homeowner_signature_confirmed as "homeownerSignatureConfirmed",
  ${iso('p.homeowner_signature_date')} as "homeownerSignatureDate",
  p.signature_document as "signatureDocument",
  p.permit_status as "permitStatus",
  ${iso('p.permit_application_date')} as "permitApplicationDate",
  ${iso('p.permit_issued_date')} as "permitIssuedDate",
  p.permit_notes as "permitNotes",
  p.material_status as "materialStatus",
  ${iso('p.material_ordered_date')} as "materialOrderedDate",
  ${iso('p.material_delivery_date')} as "materialDeliveryDate",
  ${iso('p.material_delivered_date')} as "materialDeliveredDate",
  p.material_notes as "materialNotes",
  p.crew_scheduled as "crewScheduled",
  ${iso('p.crew_scheduled_date')} as "crewScheduledDate",
  p.crew_scheduled_notes as "crewScheduledNotes",
  p.install_completed as "installCompleted",
  ${iso('p.install_completed_date')} as "installCompletedDate",
  p.install_notes as "installNotes",
  pf.documents, pf.images, pf.install_photos as "installPhotos", pf.files,
  case when h.id is null then null else json_build_object(
    'id', h.id, 'firstName', h.first_name, 'lastName', h.last_name,
    'email', h.email, 'phone', h.phone) end as homeowner,
  case when c.id is null then null else json_build_object(
    'id', c.id, 'userId', c.user_id, 'companyName', c.company_name,
    'contactEmail', c.contact_email, 'contactPhone', c.contact_phone,
    'rating', c.rating, 'totalProjects', c.total_projects,
    'user', json_build_object('firstName', cu.first_name, 'lastName', cu.last_name),
    'licensedUntil', ${licensedUntilText('c')}, 'insuredUntil', ${insuredUntilText('c')}) end as contractor`;

/** The people a project names and its files (signatures are not files of the answer). */
const PROJECT_JOINS = `
  from projects p
  left join users h on h.id = p.homeowner_id
  left join contractor_profiles c on c.id = p.contractor_id
  left join users cu on cu.id = c.user_id
  left join lateral (
    select
      coalesce(json_agg(json_build_object(
        'id', f.id, 'kind', f.kind, 'fileName', f.file_name, 'contentType', f.content_type,
        'size', f.size, 'url', ${fileUrl},
        'thumbnailUrl', case when f.thumbnail_key is null then null else ${fileUrl} || '/thumbnail' end,
        'uploadedAt', ${iso('f.created_at')}, 'uploadedBy', f.uploaded_by
      ) ${fileOrder}), '[]'::json) as files,
      coalesce(json_agg(f.file_name ${fileOrder}) filter (where f.kind = 'document'), '[]'::json) as documents,
      coalesce(json_agg(${fileUrl} ${fileOrder}) filter (where f.kind = 'image'), '[]'::json) as images,
      coalesce(json_agg(${fileUrl} ${fileOrder}) filter (where f.kind = 'install_photo'), '[]'::json) as install_photos
    from project_files f
    where f.project_id = p.id and f.kind <> 'signature'
  ) pf on true`;

/**
 * Projects as the API answers them (the Project of src/domain/projects/schemas.ts), newest first,
 * built by the database as one JSON text: every field named one by one (no private column can
 * slip in), with the homeowner, the contractor and their user, and the files with their links,
 * in one round trip. The text goes to the client as it is: the homeowner's dashboard list is the
 * hot read, and mapping some 60 fields per project in JavaScript, then checking them again on
 * the way out, cost more than the query itself. `hideShare` leaves out the contractor's share
 * (a homeowner is not shown the marketplace's margin on their budget).
 */
function projectListJson(where: SQL, hideShare: SQL | boolean): SQL {
  return sql`select coalesce(json_agg(v.j order by v.created_at desc, v.number desc), '[]'::json)::text as list
    from (
      select p.created_at, p.number, (
        select row_to_json(x) from (select
          p.id, p.title, p.description, p.address, p.city, p.state, p.zip_code as "zipCode",
          p.roof_area as "roofArea", p.roof_type as "roofType",
          p.material_preference as "materialPreference", p.priority, p.status,
          p.estimated_cost as "estimatedCost", p.final_cost as "finalCost",
          case when ${hideShare} then null else p.contractor_payment_amount end as "contractorPaymentAmount",
          ${sql.raw(PROJECT_FIELDS)}
        ) x
      ) as j
      ${sql.raw(PROJECT_JOINS)}
      where ${where}
    ) v`;
}

/**
 * The queries on `projects`: this file is the only code that writes the table. Reads join the
 * homeowner, the assigned contractor (and their user) and the project's files in one round trip.
 */
export function createProjectsRepo(db: Db, cache: ReadCache) {
  async function listText(executor: Pick<Db, 'execute'>, query: SQL): Promise<string> {
    const result = await executor.execute(query);
    const rows = (result as unknown as { rows: { list: string }[] }).rows;
    return rows[0]?.list ?? '[]';
  }

  // The homeowner's dashboard list is the hot read: prepared once, planned once per connection.
  const forHomeowner = db
    .select({ list: sql<string>`list` })
    .from(
      sql`(${projectListJson(sql`p.homeowner_id = ${sql.placeholder('homeownerId')}`, sql`${sql.placeholder('hideShare')}::boolean`)}) l`,
    )
    .prepare('projects_for_homeowner');
  // the contractor's dashboard list and the profile it is asked by, likewise
  const forContractor = db
    .select({ list: sql<string>`list` })
    .from(sql`(${projectListJson(sql`p.contractor_id = ${sql.placeholder('contractorId')}`, false)}) l`)
    .prepare('projects_for_contractor');
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
  // the dashboards' lists, kept in memory until a table they read changes (or the day does: the
  // contractor's licence and insurance badges compare expiry dates with today)
  const lists = cache.define<string>(
    'projects.list',
    [projects, users, contractorProfiles, contractorLicenses, projectFiles],
    { dependsOnToday: true },
  );
  const profiles = cache.define<{ id: string; userId: string } | undefined>('projects.contractorProfile', [
    contractorProfiles,
  ]);

  return {
    /** One project as the API answers it, or undefined. */
    async view(id: string, opts: { hideShare: boolean }, executor: Pick<Db, 'execute'> = db) {
      const list = await listText(executor, projectListJson(sql`p.id = ${id}`, opts.hideShare));
      return (JSON.parse(list) as Project[])[0];
    },

    /** A homeowner's projects, newest first, as the JSON text of the answer. */
    async listForHomeowner(homeownerId: string, opts: { hideShare: boolean }): Promise<string> {
      return lists.get(`homeowner:${homeownerId}:${opts.hideShare}`, async () => {
        const [row] = await forHomeowner.execute({ homeownerId, hideShare: opts.hideShare });
        return row?.list ?? '[]';
      });
    },

    async listForContractor(contractorId: string): Promise<string> {
      return lists.get(`contractor:${contractorId}`, async () => {
        const [row] = await forContractor.execute({ contractorId });
        return row?.list ?? '[]';
      });
    },

    async listAll(): Promise<string> {
      return listText(db, projectListJson(sql`true`, false));
    },

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

    async adminIds(): Promise<string[]> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.userType, 'admin'));
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
     * Gives an account the projects kept by its address while it was unconfirmed: those of its
     * install requests, and those converted from a quote it requested or is the homeowner of.
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
            or(inArray(projects.id, requested), inArray(projects.quoteId, quoted)),
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
