/** Install requests sent from the public form. */

import { sql } from 'drizzle-orm';
import { date, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { urgencies } from '../../../domain/install-requests/schemas';
import { createdAt, id } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { contractorProfiles } from '../contractors/contractors.schema';
import { projects } from '../projects/projects.schema';

export const urgency = pgEnum('urgency', urgencies);

export const installRequests = pgTable(
  'install_requests',
  {
    id: id(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    address: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    zipCode: text().notNull(),
    insuranceCompany: text(),
    claimNumber: text(),
    approvedAmount: integer(),
    projectDescription: text(),
    urgency: urgency().notNull().default('standard'),
    preferredStartDate: date(),
    preferredContractorId: uuid().references(() => contractorProfiles.id, { onDelete: 'set null' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    projectId: uuid().references(() => projects.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('install_requests_created_idx').on(t.createdAt),
    index('install_requests_email_idx').on(t.email),
    // the admins' queue paged by keyset and searched by prefix (issue 26 #1)
    index('install_requests_created_id_idx').on(t.createdAt, t.id),
    index('install_requests_email_search_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('install_requests_last_name_search_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('install_requests_address_search_idx').on(sql`lower(${t.address}) text_pattern_ops`),
  ],
);
