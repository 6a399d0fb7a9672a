import { and, inArray, isNull } from 'drizzle-orm';
import { projects } from '../../platform/db/schema';
import type { SeedState } from './seed-state';

/**
 * The demo jobs that have begun ask their first payment (issue 25 #3), as the contractor's
 * acceptance would have: written by the payments feature (its requestPart), in the seed's
 * transaction; the notices it answers are not stored (demo data tells nobody). A second run adds
 * nothing (one request per project and part).
 */
export async function seedJobPayments(s: SeedState): Promise<void> {
  const { requestPart } = s.platform.jobPayments;
  const started = await s.tx
    .select({
      id: projects.id,
      title: projects.title,
      homeownerId: projects.homeownerId,
      estimatedCost: projects.estimatedCost,
      finalCost: projects.finalCost,
    })
    .from(projects)
    .where(and(inArray(projects.status, ['in_progress', 'completed']), isNull(projects.workAcceptedAt)));
  for (const project of started) await requestPart(s.tx, project, 'first');
}
