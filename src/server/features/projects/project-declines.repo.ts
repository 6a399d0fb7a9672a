import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { projectDeclines } from '../../platform/db/schema';
import type { Executor } from './projects.repo';

/** The matches contractors turned down (project_declines): written once each, read to rank suggestions. */
export function createProjectDeclinesRepo(db: Db) {
  return {
    async insert(
      tx: Executor,
      row: { projectId: string; contractorId: string; reason: string; matchedAt: Date | null },
    ): Promise<void> {
      await tx.insert(projectDeclines).values(row);
    },

    /** The contractors who declined this project (never suggested for it again). */
    async contractorIdsOf(projectId: string): Promise<Set<string>> {
      const rows = await db
        .select({ contractorId: projectDeclines.contractorId })
        .from(projectDeclines)
        .where(eq(projectDeclines.projectId, projectId));
      return new Set(rows.map((r) => r.contractorId));
    },
  };
}

export type ProjectDeclinesRepo = ReturnType<typeof createProjectDeclinesRepo>;
