import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guards';
import { ForbiddenError } from '../../platform/errors';
import type { ProjectAccess, ProjectRole } from './project-access';

type AccessCheck = (user: ReturnType<typeof requireUser>, projectId: string) => Promise<ProjectAccess>;

/**
 * The project routes' one guard (projects.routes.ts, closeout.routes.ts): in onRequest, before the
 * body is read, the project named by `:id` is opened for the caller (404 when they may not open
 * it, whatever they send), and the access is kept for the handler.
 */
export function projectRouteGuard(access: AccessCheck) {
  const granted = new WeakMap<FastifyRequest, ProjectAccess>();

  async function openFor(request: FastifyRequest): Promise<ProjectAccess> {
    const { id } = request.params as { id?: unknown };
    const opened = await access(requireUser(request), typeof id === 'string' ? id : '');
    granted.set(request, opened);
    return opened;
  }

  return {
    /** onRequest: opens the project for any of its parties. */
    async open(request: FastifyRequest): Promise<void> {
      await openFor(request);
    },
    /** onRequest: opens the project, then refuses the roles not listed (403 with `refusal`). */
    only:
      (roles: ProjectRole[], refusal: string) =>
      async (request: FastifyRequest): Promise<void> => {
        if (!roles.includes((await openFor(request)).role)) throw new ForbiddenError(refusal);
      },
    /** The access granted to this request in onRequest. */
    accessOf(request: FastifyRequest): ProjectAccess {
      const opened = granted.get(request);
      if (!opened) throw new Error('project route without its access check');
      return opened;
    },
    actorOf: (request: FastifyRequest) => ({ user: requireUser(request), ip: request.ip }),
  };
}
