/**
 * The webhooks of the organisations feature (issue 26 #6): endpoints (the signing secret sealed
 * with ENCRYPTION_KEY), one delivery row per endpoint and event (the outbox, written in the
 * transaction of the change), and one row per attempt (the delivery log).
 */
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { organizations } from './organizations.schema';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: text().array().notNull(),
    /** The signing secret (whsec_…), AES-256-GCM sealed (platform/crypto.ts). */
    sealedSecret: text().notNull(),
    enabled: boolean().notNull().default(true),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.organizationId, t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** evt_…: the same for every endpoint that hears one event (receivers dedupe on it). */
    eventId: text().notNull(),
    event: text().notNull(),
    /** The exact JSON body sent (signed as is). */
    body: text().notNull(),
    /** pending | delivered | failed */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    createdAt: createdAt(),
    deliveredAt: ts(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_org_created_idx').on(t.organizationId, t.createdAt),
    index('webhook_deliveries_status_idx').on(t.status),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer().notNull(),
    statusCode: integer(),
    latencyMs: integer().notNull(),
    /** The first 500 characters of the receiver's answer. */
    responseSnippet: text(),
    error: text(),
    /** A replay's admin (null for the job's own attempts). */
    replayedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.createdAt)],
);
