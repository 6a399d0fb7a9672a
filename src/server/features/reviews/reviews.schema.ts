/** Reviews of contractors (issue 25 #8): one per project, by its homeowner. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { contractorProfiles } from '../contractors/contractors.schema';
import { projects } from '../projects/projects.schema';

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The contractor reviewed: the project's contractor when the review was written. */
    contractorId: uuid()
      .notNull()
      .references(() => contractorProfiles.id, { onDelete: 'cascade' }),
    homeownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1-5 stars. */
    rating: integer().notNull(),
    comment: text().notNull(),
    reply: text(),
    repliedAt: ts(),
    /** Hidden by an admin for breaking the rules: kept, with the reason, out of ratings and profiles. */
    hiddenAt: ts(),
    hiddenReason: text(),
    hiddenBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_project_key').on(t.projectId),
    index('reviews_contractor_visible_idx').on(t.contractorId, t.createdAt).where(sql`${t.hiddenAt} is null`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
