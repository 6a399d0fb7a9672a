import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AnyFastify } from './fastify-types';

/**
 * The /api/openapi.json a client can be generated from (issue 26 item 7): every operation has an
 * operationId (derived from method and path unless the route gives one), a summary, tags defined
 * below, and its security (`security: []` says "public"). A route without a summary or with an
 * undefined tag fails at start-up (`requireDocumentedRoutes`), so it cannot reach the document.
 */

/** Every tag an operation may use, with what it groups. A new tag is added here first. */
export const API_TAGS = [
  { name: 'platform', description: 'Health and the public settings the web app starts from.' },
  { name: 'auth', description: 'Sign-in, sign-out, registration, e-mail confirmation and passwords.' },
  {
    name: 'admin',
    description: 'The back office: users, contractors, projects, outbox, settings (admins only).',
  },
  { name: 'contact', description: 'Contact messages from the site.' },
  { name: 'install-requests', description: "Homeowners' requests for a roof installation." },
  { name: 'projects', description: 'Roofing projects: details, files, photos, closeout, activity.' },
  {
    name: 'contractors',
    description: 'Contractor onboarding, profile, documents, banking and public listing.',
  },
  { name: 'messages', description: 'Messages between the people of a project.' },
  { name: 'notifications', description: 'In-app notifications and notification preferences.' },
  { name: 'push', description: "Web Push: the VAPID key and each user's subscribed devices." },
  { name: 'reviews', description: "Homeowners' reviews of contractors and the contractors' replies." },
  { name: 'payouts', description: 'Payouts of job payments to contractors.' },
  { name: 'warranties', description: 'Workmanship warranties and warranty claims.' },
  { name: 'search', description: 'Search across the projects and people a caller may see.' },
  { name: 'estimates', description: 'Fair Market Value estimates and their reports.' },
  { name: 'payments', description: 'Card payments of reports and jobs, discount codes, the Stripe webhook.' },
  { name: 'quotes', description: 'Estimate report orders (quotes): upload, checkout, submission, status.' },
  {
    name: 'organizations',
    description: 'Organisations that order through the API, their API keys and statements (admins only).',
  },
  {
    name: 'api-v1',
    description:
      "The open API for claims systems: orders billed to the key's organisation, estimates, statements.",
  },
] as const;

const tagNames: ReadonlySet<string> = new Set(API_TAGS.map((t) => t.name));

interface DocumentedSchema {
  hide?: boolean;
  summary?: unknown;
  tags?: unknown;
  operationId?: unknown;
  security?: unknown;
}

/** Why a route's schema cannot go into the document as it is, or null when it can. */
export function undocumentedReason(schema: DocumentedSchema | undefined): string | null {
  if (schema?.hide) return null;
  if (typeof schema?.summary !== 'string' || schema.summary.trim() === '') return 'has no summary';
  if (!Array.isArray(schema.tags) || schema.tags.length === 0) return 'has no tags';
  const unknown = schema.tags.filter((t) => typeof t !== 'string' || !tagNames.has(t));
  if (unknown.length > 0)
    return `uses tags not defined in API_TAGS (platform/openapi.ts): ${unknown.join(', ')}`;
  return null;
}

/** An onRoute hook: registering a route the document would show without a summary or defined tags throws. */
export function requireDocumentedRoutes(app: AnyFastify): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const reason = undocumentedReason(route.schema as DocumentedSchema | undefined);
    if (reason) throw new Error(`Route ${String(route.method)} ${route.url} ${reason} (OpenAPI document)`);
  });
}

const capitalize = (s: string) => (s ? s[0]?.toUpperCase() + s.slice(1) : s);
const camelWords = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capitalize)
    .join('');

/**
 * A stable camelCase operationId from the method and the path: GET /api/projects/:id/files ->
 * getProjectsByIdFiles, GET /api/reports/{reference}.pdf -> getReportsByReferencePdf.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) =>
      segment
        .split(/(:[A-Za-z0-9_]+|\{[^}]+\})/)
        .filter(Boolean)
        .map((part) =>
          part.startsWith(':') || part.startsWith('{')
            ? `By${camelWords(part.replace(/[:{}]/g, ''))}`
            : camelWords(part),
        ),
    );
  return method.toLowerCase() + words.join('');
}

const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as DocumentedSchema;
  if (schema.hide) return result;
  const methods = [input.route.method].flat();
  const method = methods.length === 1 ? String(methods[0]) : 'get';
  return {
    ...result,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdFor(method, input.url),
      // no requirement in the route is a public operation: the document says so
      security: schema.security ?? [],
    } as typeof result.schema,
  };
};

type OpenApiDocument = {
  paths?: Record<string, Record<string, { operationId?: string }>>;
  components?: { schemas?: Record<string, unknown> };
};

/** The `#/components/schemas/X` names `value` refers to, directly. */
function refsIn(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) refsIn(v, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        out.add(decodeURIComponent(v.slice('#/components/schemas/'.length)));
      } else refsIn(v, out);
    }
  }
}

/**
 * Keeps the component schemas an operation reaches: the zod registry holds an input and an output
 * form of every named schema, and most are used in one form only.
 */
function withReachableSchemas(doc: OpenApiDocument): OpenApiDocument {
  const all = doc.components?.schemas ?? {};
  const reached = new Set<string>();
  const pending = new Set<string>();
  refsIn(doc.paths, pending);
  while (pending.size > 0) {
    const [name] = pending as Set<string> & [string];
    pending.delete(name);
    if (reached.has(name)) continue;
    reached.add(name);
    refsIn(all[name], pending);
  }
  const schemas = Object.fromEntries(Object.entries(all).filter(([name]) => reached.has(name)));
  return { ...doc, components: { ...doc.components, schemas } };
}

function assertUniqueOperationIds(doc: OpenApiDocument): void {
  const seen = new Map<string, string>();
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const id = operation.operationId ?? '';
      const where = `${method.toUpperCase()} ${path}`;
      const other = seen.get(id);
      if (other) throw new Error(`OpenAPI operationId ${id} of ${where} is also that of ${other}`);
      seen.set(id, where);
    }
  }
}

const transformObject: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (input) => {
  const doc = withReachableSchemas(jsonSchemaTransformObject(input) as OpenApiDocument);
  assertUniqueOperationIds(doc);
  return doc as ReturnType<typeof jsonSchemaTransformObject>;
};

/** The @fastify/swagger options of the app's document. */
export function openApiOptions(config: Config): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.brandName} API`,
        version: '1.0.0',
        description: 'Roofing marketplace and Fair Market Value estimate platform. Money is integer cents.',
      },
      // relative: the server that serves this document (the paths start with /api)
      servers: [{ url: '/' }],
      tags: API_TAGS.map((t) => ({ ...t })),
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'rl_session',
            description: 'The session cookie set by POST /api/auth/login.',
          },
          // the open API's organisation keys (/api/v1 only)
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key: rk_live_... (/api/v1 only).',
          },
        },
      },
    },
    transform,
    transformObject,
  };
}
