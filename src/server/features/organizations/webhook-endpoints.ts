/**
 * An organisation's webhook endpoints (issue 26 #6), for an admin or the organisation itself
 * (`/api/v1/webhooks`): registered (the URL checked against the receiver policy, a signing
 * secret made and stored sealed, shown once), listed, enabled or disabled, deleted; each change
 * audit-logged.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  type CreateWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEvent,
  webhookMessages,
} from '../../../domain/organizations/webhooks';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { encryptSecret } from '../../platform/crypto';
import type { Db } from '../../platform/db/index';
import { NotFoundError } from '../../platform/errors';
import { checkReceiverUrl, type ReceiverPolicy, resolveReceiver } from './webhook-receiver';
import { webhookEndpoints } from './webhooks.schema';
import type { WebhookActor } from './webhooks.service';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const endpointOf = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  organizationId: r.organizationId,
  url: r.url,
  events: r.events as WebhookEvent[],
  enabled: r.enabled,
  createdAt: r.createdAt.toISOString(),
});

export function createWebhookEndpoints(deps: {
  db: Db;
  config: Pick<Config, 'encryptionKey'>;
  policy: ReceiverPolicy;
  /** Throws 404 when the organisation does not exist. */
  organization: (id: string) => Promise<void>;
}) {
  const { db, config, policy, organization } = deps;

  async function endpoint(orgId: string, endpointId: string): Promise<EndpointRow> {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organizationId, orgId)));
    if (!row) throw new NotFoundError(webhookMessages.notFound);
    return row;
  }

  async function createEndpoint(orgId: string, input: CreateWebhookEndpoint, actor: WebhookActor) {
    await organization(orgId);
    const url = checkReceiverUrl(input.url, policy);
    await resolveReceiver(url, policy);
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const [row] = await db
      .insert(webhookEndpoints)
      .values({
        organizationId: orgId,
        url: url.toString(),
        events: [...new Set(input.events)],
        sealedSecret: encryptSecret(config.encryptionKey, secret),
        createdBy: actor.userId,
      })
      .returning();
    const created = row as EndpointRow;
    await audit(db, {
      actorId: actor.userId,
      action: 'webhook_endpoint.create',
      entityType: 'webhook_endpoint',
      entityId: created.id,
      data: { organizationId: orgId, url: created.url, events: created.events },
      ip: actor.ip,
    });
    return { ...endpointOf(created), secret };
  }

  async function listEndpoints(orgId: string): Promise<WebhookEndpoint[]> {
    await organization(orgId);
    const rows = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.organizationId, orgId))
      .orderBy(desc(webhookEndpoints.createdAt));
    return rows.map(endpointOf);
  }

  async function setEnabled(orgId: string, endpointId: string, enabled: boolean, actor: WebhookActor) {
    await endpoint(orgId, endpointId);
    const [row] = await db
      .update(webhookEndpoints)
      .set({ enabled })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning();
    await audit(db, {
      actorId: actor.userId,
      action: enabled ? 'webhook_endpoint.enable' : 'webhook_endpoint.disable',
      entityType: 'webhook_endpoint',
      entityId: endpointId,
      data: { organizationId: orgId },
      ip: actor.ip,
    });
    return endpointOf(row as EndpointRow);
  }

  async function deleteEndpoint(orgId: string, endpointId: string, actor: WebhookActor): Promise<void> {
    await endpoint(orgId, endpointId);
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    await audit(db, {
      actorId: actor.userId,
      action: 'webhook_endpoint.delete',
      entityType: 'webhook_endpoint',
      entityId: endpointId,
      data: { organizationId: orgId },
      ip: actor.ip,
    });
  }

  return { createEndpoint, listEndpoints, setEnabled, deleteEndpoint };
}
