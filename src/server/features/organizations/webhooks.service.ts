/**
 * An organisation's webhooks (issue 26 #6): endpoints registered by an admin or by the
 * organisation itself (`/api/v1/webhooks`), events stored as one delivery row per endpoint in the
 * transaction of the change (the outbox), then delivered by the `webhooks.deliver` job with
 * exponential backoff for about 24 hours, each attempt logged; an admin may replay a delivery.
 * The endpoints themselves: webhook-endpoints.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, arrayContains, desc, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  type WebhookDelivery,
  type WebhookEvent,
  webhookMessages,
} from '../../../domain/organizations/webhooks';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { decryptSecret } from '../../platform/crypto';
import type { Db } from '../../platform/db/index';
import { quotes } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/errors';
import type { JobInfo, JobQueue } from '../../platform/jobs/types';
import { apiOrders, organizations } from './organizations.schema';
import { createWebhookEndpoints } from './webhook-endpoints';
import { type ReceiverPolicy, receiverPolicyOf } from './webhook-receiver';
import { type SendResult, sendWebhook } from './webhook-sender';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './webhooks.schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Retries after the first attempt: 20 s doubled each time, about 23 hours in all (pg-boss backoff). */
export const WEBHOOK_RETRY_LIMIT = 12;
export const WEBHOOK_RETRY_DELAY_S = 20;

export interface WebhookActor {
  userId: string | null;
  ip?: string;
}

/** What the report pipeline tells, in the transaction that marks a report version ready. */
export interface ReportReadyHook {
  onReportReady(tx: Tx, report: { quoteId: string; version: number; basis: string }): Promise<void>;
  afterReportReady(quoteId: string): Promise<void>;
}

export function createWebhooksService(deps: {
  db: Db;
  jobs: JobQueue;
  config: Pick<Config, 'encryptionKey' | 'nodeEnv'>;
  logger: Logger;
  /** Overrides the policy of config.nodeEnv (tests of hostile URLs). */
  policy?: ReceiverPolicy;
}) {
  const { db, jobs, config } = deps;
  const log = deps.logger.child({ module: 'webhooks' });
  const policy = deps.policy ?? receiverPolicyOf(config.nodeEnv);

  async function organization(id: string) {
    const [org] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, id));
    if (!org) throw new NotFoundError('No such organisation.');
  }
  const endpoints = createWebhookEndpoints({ db, config, policy, organization });
  const queue = (deliveryId: string) =>
    jobs.send('webhooks.deliver', { deliveryId }, { singletonKey: deliveryId });

  /** Stores one delivery per enabled endpoint of the organisation that hears the event. */
  async function enqueue(tx: Tx, orgId: string, event: WebhookEvent, data: Record<string, unknown>) {
    const endpoints = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.organizationId, orgId),
          eq(webhookEndpoints.enabled, true),
          arrayContains(webhookEndpoints.events, [event]),
        ),
      );
    if (endpoints.length === 0) return;
    const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
    const body = JSON.stringify({ id: eventId, type: event, createdAt: new Date().toISOString(), data });
    await tx
      .insert(webhookDeliveries)
      .values(endpoints.map((e) => ({ endpointId: e.id, organizationId: orgId, eventId, event, body })));
  }

  async function attempt(row: DeliveryRow, ep: EndpointRow, replayedBy: string | null): Promise<SendResult> {
    const secret = decryptSecret(config.encryptionKey, ep.sealedSecret);
    const result = await sendWebhook({ url: ep.url, secret, body: row.body, eventId: row.eventId }, policy);
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(webhookDeliveries)
        .set({
          attempts: row.attempts + 1,
          ...(result.ok ? { status: 'delivered', deliveredAt: new Date() } : {}),
        })
        .where(eq(webhookDeliveries.id, row.id))
        .returning({ attempts: webhookDeliveries.attempts });
      await tx.insert(webhookAttempts).values({
        deliveryId: row.id,
        attempt: updated?.attempts ?? row.attempts + 1,
        statusCode: result.statusCode,
        latencyMs: result.latencyMs,
        responseSnippet: result.responseSnippet,
        error: result.error,
        replayedBy,
      });
    });
    return result;
  }

  async function deliveryWithEndpoint(deliveryId: string) {
    const [found] = await db
      .select({ d: webhookDeliveries, e: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    return found;
  }

  const reportHook: ReportReadyHook = {
    async onReportReady(tx, { quoteId, version, basis }) {
      const [order] = await tx
        .select({ orgId: apiOrders.organizationId, reference: quotes.reference })
        .from(apiOrders)
        .innerJoin(quotes, eq(quotes.id, apiOrders.quoteId))
        .where(eq(apiOrders.quoteId, quoteId));
      if (!order) return;
      const event: WebhookEvent = version === 1 ? 'order.report_ready' : 'order.report_updated';
      await enqueue(tx, order.orgId, event, {
        order: { id: order.reference, reportVersion: version, reportBasis: basis },
        links: {
          order: `/api/v1/orders/${order.reference}`,
          estimate: `/api/v1/orders/${order.reference}/estimate`,
          reportPdf: `/api/v1/orders/${order.reference}/report.pdf`,
        },
      });
    },
    async afterReportReady() {
      await service.sendPending();
    },
  };

  /** A project made from an organisation's order changed status: `project.status_changed`. */
  const projectStatusHook = {
    async inTransaction(
      tx: Tx,
      change: { projectId: string; quoteId: string | null; from: string; to: string; at: Date },
    ) {
      if (!change.quoteId) return;
      const [order] = await tx
        .select({ orgId: apiOrders.organizationId, reference: quotes.reference })
        .from(apiOrders)
        .innerJoin(quotes, eq(quotes.id, apiOrders.quoteId))
        .where(eq(apiOrders.quoteId, change.quoteId));
      if (!order) return;
      await enqueue(tx, order.orgId, 'project.status_changed', {
        order: { id: order.reference },
        project: {
          id: change.projectId,
          status: change.to,
          previousStatus: change.from,
          changedAt: change.at.toISOString(),
        },
        links: { order: `/api/v1/orders/${order.reference}` },
      });
    },
    async afterCommit() {
      await service.sendPending();
    },
  };

  const service = {
    reportHook,
    projectStatusHook,
    ...endpoints,

    /** The latest 100 deliveries of an organisation, each with its latest 5 attempts. */
    async listDeliveries(orgId: string): Promise<WebhookDelivery[]> {
      await organization(orgId);
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.organizationId, orgId))
        .orderBy(desc(webhookDeliveries.createdAt))
        .limit(100);
      const ids = rows.map((r) => r.id);
      const attempts = ids.length
        ? await db
            .select()
            .from(webhookAttempts)
            .where(inArray(webhookAttempts.deliveryId, ids))
            .orderBy(desc(webhookAttempts.createdAt))
        : [];
      return rows.map((r) => ({
        id: r.id,
        endpointId: r.endpointId,
        eventId: r.eventId,
        event: r.event as WebhookEvent,
        status: r.status as WebhookDelivery['status'],
        attempts: r.attempts,
        createdAt: r.createdAt.toISOString(),
        deliveredAt: r.deliveredAt?.toISOString() ?? null,
        lastAttempts: attempts
          .filter((a) => a.deliveryId === r.id)
          .slice(0, 5)
          .map((a) => ({
            attempt: a.attempt,
            statusCode: a.statusCode,
            latencyMs: a.latencyMs,
            responseSnippet: a.responseSnippet,
            error: a.error,
            at: a.createdAt.toISOString(),
          })),
      }));
    },

    /** Sends a delivery again now (an admin's Replay; audit-logged); its outcome is logged as an attempt. */
    async replay(orgId: string, deliveryId: string, actor: WebhookActor): Promise<WebhookDelivery> {
      const found = await deliveryWithEndpoint(deliveryId);
      if (!found || found.d.organizationId !== orgId)
        throw new NotFoundError(webhookMessages.deliveryNotFound);
      await audit(db, {
        actorId: actor.userId,
        action: 'webhook_delivery.replay',
        entityType: 'webhook_delivery',
        entityId: deliveryId,
        data: { organizationId: orgId, eventId: found.d.eventId },
        ip: actor.ip,
      });
      await attempt(found.d, found.e, actor.userId);
      const all = await service.listDeliveries(orgId);
      return all.find((d) => d.id === deliveryId) as WebhookDelivery;
    },

    /** The `webhooks.deliver` job: one attempt; throws (so the queue retries) while the receiver fails. */
    async deliver(deliveryId: string, _job?: JobInfo): Promise<void> {
      const found = await deliveryWithEndpoint(deliveryId);
      if (found?.d.status !== 'pending' || !found.e.enabled) return;
      const result = await attempt(found.d, found.e, null);
      if (!result.ok) throw new Error(`Webhook delivery ${deliveryId} failed: ${result.error}`);
    },

    /** After the last retry: the delivery is failed (an admin may replay it). */
    async onFinalFailure(deliveryId: string, error: string): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed' })
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')));
      log.warn({ deliveryId, error }, 'webhook delivery given up');
    },

    /** Queues every pending delivery (after a change commits, and at start for those a crash left). */
    async sendPending(): Promise<void> {
      const rows = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.attempts, 0)));
      for (const r of rows) await queue(r.id);
    },
  };
  return service;
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
