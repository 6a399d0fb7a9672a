import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { stateNameFromAbbr } from '../../../domain/us-states';
import type { Db } from '../../platform/db/index';
import {
  contractorLicenses,
  contractorProfiles,
  projectFiles,
  projects,
  users,
  warranties,
} from '../../platform/db/schema';

export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;
export type WarrantyRow = typeof warranties.$inferSelect;
export type NewWarranty = typeof warranties.$inferInsert;

/** The warranties table's one writer (the warranties feature); projects and people are read only. */
export function createWarrantiesRepo(db: Db) {
  return {
    /** What issuing needs of the project, read in the paying transaction. */
    async projectForIssue(tx: Executor, projectId: string) {
      const [row] = await tx
        .select({
          id: projects.id,
          status: projects.status,
          contractorId: projects.contractorId,
          completionDate: projects.completionDate,
          workAcceptedAt: projects.workAcceptedAt,
          selectedMaterial: projects.selectedMaterial,
          materialPreference: projects.materialPreference,
          roofType: projects.roofType,
        })
        .from(projects)
        .where(eq(projects.id, projectId))
        .limit(1);
      return row;
    },

    async projectTitle(tx: Pick<Db, 'select'>, projectId: string): Promise<string> {
      const [row] = await tx
        .select({ title: projects.title })
        .from(projects)
        .where(eq(projects.id, projectId))
        .limit(1);
      return row?.title ?? 'your project';
    },

    /** The warranty, issued now; undefined when the project has one already (one per project). */
    async insert(tx: Executor, row: NewWarranty): Promise<string | undefined> {
      const [inserted] = await tx
        .insert(warranties)
        .values(row)
        .onConflictDoNothing({ target: warranties.projectId })
        .returning({ id: warranties.id });
      return inserted?.id;
    },

    async ofProject(projectId: string, tx: Executor = db): Promise<WarrantyRow | undefined> {
      const [row] = await tx.select().from(warranties).where(eq(warranties.projectId, projectId)).limit(1);
      return row;
    },

    /** Everything the certificate prints: the warranty, the property, the owner, the contractor. */
    async certificateData(projectId: string) {
      const [row] = await db
        .select({
          warranty: warranties,
          title: projects.title,
          address: projects.address,
          city: projects.city,
          state: projects.state,
          zipCode: projects.zipCode,
          completionDate: projects.completionDate,
          homeownerName: projects.homeownerName,
          homeownerEmail: projects.homeownerEmail,
          homeownerId: projects.homeownerId,
          ownerFirst: users.firstName,
          ownerLast: users.lastName,
          ownerEmail: users.email,
          companyName: contractorProfiles.companyName,
          contractorUserId: contractorProfiles.userId,
        })
        .from(warranties)
        .innerJoin(projects, eq(projects.id, warranties.projectId))
        .leftJoin(users, eq(users.id, projects.homeownerId))
        .leftJoin(contractorProfiles, eq(contractorProfiles.id, warranties.contractorId))
        .where(eq(warranties.projectId, projectId))
        .limit(1);
      if (!row) return undefined;
      const licences = row.warranty.contractorId
        ? await db
            .select({ state: contractorLicenses.state, number: contractorLicenses.licenseNumber })
            .from(contractorLicenses)
            .where(
              and(
                eq(contractorLicenses.contractorId, row.warranty.contractorId),
                isNotNull(contractorLicenses.licenseNumber),
              ),
            )
        : [];
      // the licence of the property's state only (licences name the state, projects may abbreviate it)
      const state = row.state?.trim() ?? '';
      const stateName = (stateNameFromAbbr(state.toUpperCase()) ?? state).toLowerCase();
      const licence = licences.find((l) =>
        [stateName, state.toLowerCase()].includes(l.state.trim().toLowerCase()),
      );
      return { ...row, licence: licence ? `${licence.number} (${licence.state})` : null };
    },

    async setCertificate(id: string, key: string, size: number): Promise<void> {
      await db
        .update(warranties)
        .set({ certificateKey: key, certificateSize: size })
        .where(eq(warranties.id, id));
    },

    /** Marks the certificate mailed: false when it was mailed already (the mail goes once). */
    async markMailed(tx: Executor, id: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(warranties)
        .set({ mailedAt: now })
        .where(and(eq(warranties.id, id), isNull(warranties.mailedAt)))
        .returning({ id: warranties.id });
      return rows.length > 0;
    },

    /** Projects whose certificate was not mailed yet (a crash between the payment and the job). */
    async unmailed(): Promise<string[]> {
      const rows = await db
        .select({ projectId: warranties.projectId })
        .from(warranties)
        .where(isNull(warranties.mailedAt))
        .orderBy(asc(warranties.createdAt))
        .limit(500);
      return rows.map((r) => r.projectId);
    },

    /** Which of these ids are images or photos of the project (a claim's photos are). */
    async photoIdsOf(tx: Executor, projectId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await tx
        .select({ id: projectFiles.id })
        .from(projectFiles)
        .where(
          and(
            eq(projectFiles.projectId, projectId),
            inArray(projectFiles.id, [...ids]),
            inArray(projectFiles.kind, ['image', 'install_photo']),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    async photos(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: projectFiles.id,
          projectId: projectFiles.projectId,
          thumbnailKey: projectFiles.thumbnailKey,
        })
        .from(projectFiles)
        .where(inArray(projectFiles.id, [...ids]));
    },

    /** Every admin's user id (a claim is sent to the admins). */
    async adminIds(tx: Pick<Db, 'select'> = db): Promise<string[]> {
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.userType, 'admin'));
      return rows.map((r) => r.id);
    },
  };
}

export type WarrantiesRepo = ReturnType<typeof createWarrantiesRepo>;
