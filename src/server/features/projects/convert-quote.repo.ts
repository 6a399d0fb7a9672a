import { eq, sql } from 'drizzle-orm';
import { projectTitle } from '../../../domain/projects/workflow';
import type { Db } from '../../platform/db/index';
import { projects, quotes } from '../../platform/db/schema';

type Executor = Pick<Db, 'select' | 'insert' | 'update'>;
export type QuoteRow = typeof quotes.$inferSelect;

export function createConvertQuoteRepo(db: Db) {
  return {
    async findQuote(by: { id: string } | { reference: string }): Promise<QuoteRow | undefined> {
      const [row] = await db
        .select()
        .from(quotes)
        .where('id' in by ? eq(quotes.id, by.id) : sql`upper(${quotes.reference}) = ${by.reference}`)
        .limit(1);
      return row;
    },

    async projectOfQuote(quoteId: string): Promise<{ id: string } | undefined> {
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.quoteId, quoteId))
        .limit(1);
      return row;
    },

    /** Inserts the project, then names it with the SWRX job-id pattern from its serial id. */
    async insertProject(tx: Executor, values: Omit<typeof projects.$inferInsert, 'title'>) {
      const [row] = await tx
        .insert(projects)
        .values({ ...values, title: 'pending' })
        .returning({ id: projects.id, number: projects.number, createdAt: projects.createdAt });
      if (!row) throw new Error('project insert returned nothing');
      const title = projectTitle(row.number, row.createdAt);
      await tx.update(projects).set({ title }).where(eq(projects.id, row.id));
      return { id: row.id, title };
    },
  };
}
