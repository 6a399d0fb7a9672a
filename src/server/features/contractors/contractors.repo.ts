import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { contractorProfiles } from '../../platform/db/schema';

export function createContractorsRepo(db: Db) {
  return {
    async profileOfUser(userId: string) {
      const [row] = await db
        .select()
        .from(contractorProfiles)
        .where(eq(contractorProfiles.userId, userId))
        .limit(1);
      return row;
    },
  };
}
