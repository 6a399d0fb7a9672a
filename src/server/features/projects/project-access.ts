import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { projectMessages } from '../../../domain/projects/workflow';
import type { SessionUser } from '../../platform/auth/session-store';
import type { Db } from '../../platform/db/index';
import { contractorProfiles, projects } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/errors';

/** How the caller stands to a project: its homeowner, its assigned contractor, or an admin. */
export type ProjectRole = 'homeowner' | 'contractor' | 'admin';

export interface ProjectAccess {
  role: ProjectRole;
  projectId: string;
  status: string;
  homeownerId: string | null;
  /** The assigned contractor's profile id and user id (null while unassigned). */
  contractorId: string | null;
  contractorUserId: string | null;
  /** When the homeowner accepted the work after the final inspection (null before). */
  workAcceptedAt: Date | null;
}

const uuid = z.uuid();

/**
 * The one rule of who may open a project (spec 2 §6, CONTRACT.md): admins any; a homeowner when
 * the project is theirs; a contractor when it is assigned to their profile. Anyone else, and an
 * id that names nothing, gets the same 404: a project's existence is not revealed.
 */
export function createProjectAccess(db: Db) {
  return async function access(user: SessionUser, projectId: string): Promise<ProjectAccess> {
    if (!uuid.safeParse(projectId).success) throw new NotFoundError(projectMessages.notFound);
    const [row] = await db
      .select({
        projectId: projects.id,
        status: projects.status,
        homeownerId: projects.homeownerId,
        contractorId: projects.contractorId,
        contractorUserId: contractorProfiles.userId,
        workAcceptedAt: projects.workAcceptedAt,
      })
      .from(projects)
      .leftJoin(contractorProfiles, eq(contractorProfiles.id, projects.contractorId))
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!row) throw new NotFoundError(projectMessages.notFound);
    const role: ProjectRole | null =
      user.userType === 'admin'
        ? 'admin'
        : row.homeownerId === user.id
          ? 'homeowner'
          : row.contractorUserId !== null && row.contractorUserId === user.id
            ? 'contractor'
            : null;
    if (!role) throw new NotFoundError(projectMessages.notFound);
    return { role, ...row };
  };
}

export type ProjectAccessCheck = ReturnType<typeof createProjectAccess>;
