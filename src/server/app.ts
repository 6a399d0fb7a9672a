import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicConfigSchema } from '../domain/public-config';
import { adminRoutes } from './features/admin/admin.routes';
import { adminListsRoutes } from './features/admin/admin-lists.routes';
import { authRoutes } from './features/auth/auth.routes';
import { registrationRoutes } from './features/auth/registration.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { contractorAdminRoutes } from './features/contractors/contractor-admin.routes';
import { contractorDocumentsRoutes } from './features/contractors/contractor-documents.routes';
import { contractorsRoutes } from './features/contractors/contractors.routes';
import { estimatesRoutes } from './features/estimates/estimates.routes';
import { installRequestsRoutes } from './features/install-requests/install-requests.routes';
import { messagesRoutes } from './features/messages/messages.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { apiV1Routes } from './features/organizations/api-v1.routes';
import { organizationsRoutes } from './features/organizations/organizations.routes';
import { adminWebhookRoutes } from './features/organizations/webhooks.routes';
import { jobPaymentsRoutes } from './features/payments/job-payments.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { payoutsRoutes } from './features/payouts/payouts.routes';
import { closeoutRoutes } from './features/projects/closeout.routes';
import { convertQuoteRoutes } from './features/projects/convert-quote.routes';
import { jobFilesRoutes } from './features/projects/job-files.routes';
import { photoUploadsRoutes } from './features/projects/photo-uploads.routes';
import { projectActivityRoutes } from './features/projects/project-activity.routes';
import { projectFilesRoutes } from './features/projects/project-files.routes';
import { projectsRoutes } from './features/projects/projects.routes';
import { pushRoutes } from './features/push/push.routes';
import { myQuotesRoutes } from './features/quotes/my-quotes.routes';
import { quotesRoutes } from './features/quotes/quotes.routes';
import { realtimeRoutes } from './features/realtime/realtime.routes';
import { reviewsRoutes } from './features/reviews/reviews.routes';
import { searchRoutes } from './features/search/search.routes';
import { readBuiltAssets, sendEncoded } from './features/site/encoded-bodies';
import { createPageRenderer, type PrerenderedPages, type RoutePreloads } from './features/site/page-html';
import { siteRoutes } from './features/site/site.routes';
import { warrantiesRoutes } from './features/warranties/warranties.routes';
import { registerSessionResolution, requireSessionWhereDeclared } from './platform/auth/guards';
import { trustProxyHops } from './platform/config';
import { registerErrorHandling, registerForbiddenTextCheck } from './platform/errors';
import { openApiOptions, requireDocumentedRoutes } from './platform/openapi';
import { prerenderedPagesFile, routePreloadsFile, webDistDir } from './platform/paths';
import type { Platform } from './platform/platform';
import { registerRateLimits } from './platform/rate-limits';
import { contentSecurityPolicy, registerCsrfProtection, registerSecurityHeaders } from './platform/security';
import { createServices, type Services } from './services';
import { startWorkers } from './workers';

export interface BuildAppOptions {
  /** Serve the built web app from dist/web (default: when it exists). */
  serveWeb?: boolean;
  /** The services built by createServices (main.ts passes the ones it seeded with); built here when absent. */
  services?: Services;
  /**
   * Start the features' job workers before the routes (default true). main.ts passes false and
   * starts them once the server listens: serving does not wait on them (docs/decisions/006-*).
   */
  startWorkers?: boolean;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export async function buildApp(platform: Platform, opts: BuildAppOptions = {}): Promise<App> {
  const { config } = platform;
  const services = opts.services ?? createServices(platform);
  const app = Fastify({
    loggerInstance: platform.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyHops(config.trustProxy),
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // before any route is registered, so every route (in every plugin) gets them
  registerForbiddenTextCheck(app);
  requireSessionWhereDeclared(app);

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: contentSecurityPolicy(),
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? undefined : false,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await registerRateLimits(app, config.rateLimits, platform);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  requireDocumentedRoutes(app);
  await app.register(fastifySwagger, openApiOptions(config));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerSessionResolution(app, platform.sessions);
  registerCsrfProtection(app);

  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Whether the server answers',
        tags: ['platform'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get(
    '/api/public-config',
    {
      schema: {
        summary: 'The public settings the web app starts from',
        tags: ['platform'],
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({
      brandName: config.brandName,
      adminEmailDomain: config.adminEmailDomain,
      supportEmail: config.supportEmail,
      paymentsMode: config.stripe.secretKey ? ('stripe' as const) : ('sandbox' as const),
      governingLawState: config.governingLawState,
      matchResponseHours: config.matchResponseHours,
    }),
  );

  if (opts.startWorkers !== false) await startWorkers(platform, services);

  // every feature's routes, from the services of services.ts and the platform pieces they need
  const { sessions, bus, logger } = platform;
  await app.register(authRoutes(services.auth, config));
  await app.register(
    registrationRoutes({ auth: services.auth, registration: services.registration }, config),
  );
  await app.register(adminRoutes(services.admin));
  await app.register(adminListsRoutes(services.adminLists));
  await app.register(realtimeRoutes({ sessions, bus, logger, config }));
  await app.register(contactRoutes(services.contact));
  await app.register(installRequestsRoutes(services.installRequests, config));
  await app.register(convertQuoteRoutes(services.convertQuote));
  await app.register(projectsRoutes({ projects: services.projects, changes: services.projectChanges }));
  await app.register(projectFilesRoutes(services.projectFiles));
  await app.register(
    photoUploadsRoutes({ projectFiles: services.projectFiles, photoUploads: services.photoUploads }),
  );
  await app.register(closeoutRoutes({ closeout: services.closeout, access: services.projectAccess }));
  await app.register(jobFilesRoutes(services.jobFiles));
  await app.register(
    projectActivityRoutes({ activity: services.projectActivity, fileDetails: services.projectFileDetails }),
  );
  await app.register(
    contractorsRoutes({
      onboarding: services.contractors,
      setup: services.contractorSetup,
      banking: services.contractorBanking,
    }),
  );
  await app.register(
    contractorDocumentsRoutes({ onboarding: services.contractors, documents: services.contractorDocuments }),
  );
  await app.register(
    contractorAdminRoutes({
      verification: services.contractorVerification,
      banking: services.contractorBanking,
    }),
  );
  await app.register(messagesRoutes(services.messages));
  await app.register(notificationsRoutes(services.notifications));
  await app.register(pushRoutes(services.push));
  await app.register(reviewsRoutes(services.reviews));
  await app.register(payoutsRoutes(services.payouts));
  await app.register(warrantiesRoutes({ warranties: services.warranties, claims: services.warrantyClaims }));
  await app.register(searchRoutes(services.search));
  await app.register(estimatesRoutes(services.estimates));
  await app.register(
    paymentsRoutes({
      payments: services.payments,
      sandboxCheckout: services.sandboxCheckout,
      stripeWebhook: services.stripeWebhook,
      discountCodes: services.discountCodes,
    }),
  );
  await app.register(jobPaymentsRoutes(services.jobPayments));
  await app.register(
    quotesRoutes(
      {
        uploads: services.quoteUploads,
        checkout: services.quoteCheckout,
        submission: services.quoteSubmission,
        status: services.quoteStatus,
        adminQuotes: services.adminQuotes,
      },
      config,
    ),
  );
  await app.register(myQuotesRoutes(services.myQuotes));
  await app.register(organizationsRoutes(services.organizations, { db: platform.db, config }));
  await app.register(adminWebhookRoutes(services.webhooks));
  await app.register(apiV1Routes({ ...services, orders: services.apiOrders, db: platform.db, config }));
  await app.register(siteRoutes(config));

  const serveWeb = opts.serveWeb ?? existsSync(path.join(webDistDir, 'index.html'));
  const indexHtml = serveWeb ? await registerWeb(app) : undefined;
  const renderPage = indexHtml
    ? createPageRenderer(
        indexHtml,
        config.brandName,
        readBuildList<PrerenderedPages>(prerenderedPagesFile),
        readBuildList<RoutePreloads>(routePreloadsFile),
      )
    : undefined;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      !pathname.startsWith('/api') &&
      !pathname.startsWith('/assets/') &&
      (request.method === 'GET' || request.method === 'HEAD');
    if (!renderPage || !isPage) {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${pathname}` });
    }
    const page = renderPage(pathname);
    reply.status(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return sendEncoded(request, reply, page.body);
  });
  return app;
}

/**
 * A list the build writes beside the web app (scripts/build.mjs): the prerendered public pages, or
 * each route's page code for modulepreload. Empty when the web app was built without it.
 */
function readBuildList<T extends PrerenderedPages | RoutePreloads>(file: string): T {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : ({} as T);
}

/** Serves the built web app: hashed assets cached forever, HTML never cached; answers the index page. */
async function registerWeb(app: App): Promise<string> {
  const indexHtml = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: webDistDir,
    // one route per built file: '/' and every page path fall through to the page handler (with a
    // wildcard, a request for '/' without Accept-Encoding was answered 403 as a directory)
    wildcard: false,
    index: false,
    preCompressed: true,
    // the hashed assets are served from memory, below
    globIgnore: ['assets/**'],
    setHeaders(res) {
      res.header('cache-control', 'no-cache');
    },
  });
  const assets = readBuiltAssets(path.join(webDistDir, 'assets'));
  app.get(
    '/assets/:name',
    { schema: { hide: true, params: z.object({ name: z.string().max(200) }) } },
    (request, reply) => {
      const asset = assets.get(request.params.name);
      if (!asset) return reply.callNotFound();
      reply.header('cache-control', 'public, max-age=31536000, immutable').type(asset.type);
      return sendEncoded(request, reply, asset);
    },
  );
  return indexHtml;
}
