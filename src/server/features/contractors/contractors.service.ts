import { type ContractorProfile, contractorProfileMessages } from '../../../domain/contractors/profile';
import type { Db } from '../../platform/db/index';
import { NotFoundError } from '../../platform/errors';
import { createContractorsRepo } from './contractors.repo';

export function createContractorsService(deps: { db: Db }) {
  const repo = createContractorsRepo(deps.db);

  return {
    /** The signed-in user's own contractor profile (spec 2 §7); 404 when they have none. */
    async ownProfile(userId: string): Promise<ContractorProfile> {
      const p = await repo.profileOfUser(userId);
      if (!p) throw new NotFoundError(contractorProfileMessages.notFound);
      return {
        id: p.id,
        userId: p.userId,
        companyName: p.companyName,
        contactName: p.contactName,
        contactEmail: p.contactEmail,
        contactPhone: p.contactPhone,
        businessAddress: p.businessAddress,
        workingStates: p.workingStates,
        travelDistance: p.travelDistance,
        specialties: p.specialties,
        yearsExperience: p.yearsExperience,
        rating: p.rating,
        totalProjects: p.totalProjects,
        isAvailable: p.isAvailable,
        verificationStatus: p.verificationStatus,
        profileCompletionStatus: p.profileCompletionStatus,
        paymentSetupCompleted: p.paymentSetupCompleted,
        createdAt: p.createdAt.toISOString(),
      };
    },
  };
}

export type ContractorsService = ReturnType<typeof createContractorsService>;
