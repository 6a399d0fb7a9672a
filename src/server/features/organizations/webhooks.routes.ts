/**
 * The calls on webhooks (issue 26 #6): an admin's, per organisation (endpoints, the delivery log,
 * Replay), and the organisation's own through `/api/v1/webhooks` with a key of scope
 * `webhooks:write` (registered inside the /api/v1 plugin, behind its key check).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import { organizationParamsSchema } from '../../../domain/organizations/organizations';
import {
  adminWebhookDeliveryParamsSchema,
  adminWebhookEndpointParamsSchema,
  createdWebhookEndpointSchema,
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliverySchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
} from '../../../domain/organizations/webhooks';
import { adminOnly, requireRole } from '../../platform/auth/guards';
import type { AnyFastify } from '../../platform/fastify-types';
import { apiCallerOf, apiV1Errors, bearerSecurity } from './api-auth';
import type { WebhookActor, WebhooksService } from './webhooks.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const session = [{ session: [] }];
const noContent = { 204: z.null().describe('Deleted') };

const adminActor = (request: FastifyRequest): WebhookActor => ({
  userId: requireRole(request, 'admin').id,
  ip: request.ip,
});
const keyActor = (request: FastifyRequest): WebhookActor => ({ userId: null, ip: request.ip });

/** The admins' webhook calls on an organisation. */
export function adminWebhookRoutes(webhooks: WebhooksService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['organizations'];
    const base = '/api/admin/organizations/:id/webhooks';
    app.get(
      base,
      {
        onRequest: adminOnly,
        schema: {
          operationId: 'listOrganizationWebhooks',
          tags,
          summary: "An organisation's webhook endpoints (admins only)",
          security: session,
          params: organizationParamsSchema,
          response: { 200: z.array(webhookEndpointSchema), ...errors },
        },
      },
      async (request) => webhooks.listEndpoints(request.params.id),
    );
    app.post(
      base,
      {
        onRequest: adminOnly,
        schema: {
          operationId: 'createOrganizationWebhook',
          tags,
          summary:
            'Registers a webhook endpoint; its signing secret is in this answer only (admins only; audit-logged)',
          security: session,
          params: organizationParamsSchema,
          body: createWebhookEndpointSchema,
          response: { 201: createdWebhookEndpointSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await webhooks.createEndpoint(request.params.id, request.body, adminActor(request))),
    );
    app.patch(
      `${base}/:endpointId`,
      {
        onRequest: adminOnly,
        schema: {
          operationId: 'updateOrganizationWebhook',
          tags,
          summary: 'Enables or disables a webhook endpoint (admins only; audit-logged)',
          security: session,
          params: adminWebhookEndpointParamsSchema,
          body: updateWebhookEndpointSchema,
          response: { 200: webhookEndpointSchema, ...errors },
        },
      },
      async (request) =>
        webhooks.setEnabled(
          request.params.id,
          request.params.endpointId,
          request.body.enabled,
          adminActor(request),
        ),
    );
    app.delete(
      `${base}/:endpointId`,
      {
        onRequest: adminOnly,
        schema: {
          operationId: 'deleteOrganizationWebhook',
          tags,
          summary: 'Deletes a webhook endpoint and its delivery log (admins only; audit-logged)',
          security: session,
          params: adminWebhookEndpointParamsSchema,
          response: { ...noContent, ...errors },
        },
      },
      async (request, reply) => {
        await webhooks.deleteEndpoint(request.params.id, request.params.endpointId, adminActor(request));
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/api/admin/organizations/:id/webhook-deliveries',
      {
        onRequest: adminOnly,
        schema: {
          operationId: 'listOrganizationWebhookDeliveries',
          tags,
          summary: "An organisation's latest 100 webhook deliveries with their latest attempts (admins only)",
          security: session,
          params: organizationParamsSchema,
          response: { 200: z.array(webhookDeliverySchema), ...errors },
        },
      },
      async (request) => webhooks.listDeliveries(request.params.id),
    );
    app.post(
      '/api/admin/organizations/:id/webhook-deliveries/:deliveryId/replay',
      {
        onRequest: adminOnly,
        schema: {
          operationId: 'replayOrganizationWebhookDelivery',
          tags,
          summary: 'Sends a webhook delivery again now; the attempt is logged (admins only; audit-logged)',
          security: session,
          params: adminWebhookDeliveryParamsSchema,
          response: { 200: webhookDeliverySchema, ...errors },
        },
      },
      async (request) => webhooks.replay(request.params.id, request.params.deliveryId, adminActor(request)),
    );
  };
}

/** `/api/v1/webhooks`: the organisation's own endpoints (called inside the /api/v1 plugin). */
export function registerV1WebhookRoutes(anyApp: AnyFastify, webhooks: WebhooksService): void {
  const app = anyApp.withTypeProvider<ZodTypeProvider>();
  const tags = ['api-v1'];
  const config = { apiScope: 'webhooks:write' as const };
  app.get(
    '/api/v1/webhooks',
    {
      config,
      schema: {
        operationId: 'listApiWebhooks',
        tags,
        summary: "The organisation's webhook endpoints",
        security: bearerSecurity,
        response: { 200: z.array(webhookEndpointSchema), ...apiV1Errors },
      },
    },
    async (request) => webhooks.listEndpoints(apiCallerOf(request).organizationId),
  );
  app.post(
    '/api/v1/webhooks',
    {
      config,
      schema: {
        operationId: 'createApiWebhook',
        tags,
        summary: 'Registers a webhook endpoint; its signing secret (whsec_…) is in this answer only',
        security: bearerSecurity,
        body: createWebhookEndpointSchema,
        response: { 201: createdWebhookEndpointSchema, ...apiV1Errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await webhooks.createEndpoint(apiCallerOf(request).organizationId, request.body, keyActor(request)),
        ),
  );
  app.patch(
    '/api/v1/webhooks/:endpointId',
    {
      config,
      schema: {
        operationId: 'updateApiWebhook',
        tags,
        summary: 'Enables or disables a webhook endpoint',
        security: bearerSecurity,
        params: webhookEndpointParamsSchema,
        body: updateWebhookEndpointSchema,
        response: { 200: webhookEndpointSchema, ...apiV1Errors },
      },
    },
    async (request) =>
      webhooks.setEnabled(
        apiCallerOf(request).organizationId,
        request.params.endpointId,
        request.body.enabled,
        keyActor(request),
      ),
  );
  app.delete(
    '/api/v1/webhooks/:endpointId',
    {
      config,
      schema: {
        operationId: 'deleteApiWebhook',
        tags,
        summary: 'Deletes a webhook endpoint',
        security: bearerSecurity,
        params: webhookEndpointParamsSchema,
        response: { ...noContent, ...apiV1Errors },
      },
    },
    async (request, reply) => {
      await webhooks.deleteEndpoint(
        apiCallerOf(request).organizationId,
        request.params.endpointId,
        keyActor(request),
      );
      return reply.status(204).send(null);
    },
  );
}
