import type { FastifyRequest } from 'fastify';
import { errorResponseSchema } from '../../../domain/errors';
import { requireUser } from '../../platform/auth/guards';
import type { ProfileRow } from './contractor-detail';
import type { ContractorsService } from './contractors.service';

/** The error answers every contractor call may give. */
export const contractorErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * The caller's own contractor profile, found in onRequest (`withProfile`): without one, 404
 * whatever the body. The handler reads it with `profileOf`.
 */
export function ownProfileHooks(onboarding: Pick<ContractorsService, 'profileForSteps'>) {
  const ownProfile = new WeakMap<FastifyRequest, ProfileRow>();
  return {
    async withProfile(request: FastifyRequest): Promise<void> {
      ownProfile.set(request, await onboarding.profileForSteps(requireUser(request).id));
    },
    profileOf(request: FastifyRequest): ProfileRow {
      const profile = ownProfile.get(request);
      if (!profile) throw new Error('contractor step reached its handler without a profile');
      return profile;
    },
  };
}
