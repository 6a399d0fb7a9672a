import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_SKETCH_FILE_BYTES } from '../../../domain/quotes/sketch-file';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import type { EstimatesService } from '../estimates';
import type { AccountOrdersService } from '../quotes';
import { registerApiKeyAuth } from './api-auth';
import type { ApiOrdersService } from './api-orders.service';
import { registerV1MeasurementFileRoute } from './api-v1-measurement-file.routes';
import { registerV1OrderRoutes } from './api-v1-orders.routes';
import { registerV1StatementRoutes } from './api-v1-statements.routes';
import type { OrganizationsService } from './organizations.service';
import { registerV1WebhookRoutes } from './webhooks.routes';
import type { WebhooksService } from './webhooks.service';

/** The open API (issue 26 #5): orders billed to the organisation of the Bearer key, and its statements. */
export function apiV1Routes(deps: {
  organizations: OrganizationsService;
  orders: ApiOrdersService;
  accountOrders: AccountOrdersService;
  /** The estimates feature: a measurement file sent after the order makes its measured report. */
  estimates: Pick<EstimatesService, 'attachMeasurementFile'>;
  db: Db;
  config: Pick<Config, 'brandName'>;
  webhooks: WebhooksService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_SKETCH_FILE_BYTES, files: 1, fields: 2, fieldSize: 64 * 1024, parts: 3 },
    });
    registerApiKeyAuth(app, deps.organizations);
    registerV1WebhookRoutes(app, deps.webhooks);
    registerV1OrderRoutes(app, deps);
    registerV1MeasurementFileRoute(app, deps);
    registerV1StatementRoutes(app, deps);
  };
}
