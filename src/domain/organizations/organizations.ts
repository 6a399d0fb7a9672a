/**
 * Organisations (insurers, solar and real-estate companies) that order reports through the open
 * API (`/api/v1`), their API keys, and the calls of that API (issue 26 items 4-5).
 */
import { z } from 'zod';
import { idempotencyMessages } from '../idempotency';
import { quoteDataSchema } from '../quotes/quote-form';
import { oneLine } from '../text-safety';

export const organizationKinds = ['insurer', 'solar', 'real_estate', 'other'] as const;
export type OrganizationKind = (typeof organizationKinds)[number];

export const apiKeyScopes = ['orders:write', 'orders:read', 'webhooks:write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** The visible start of every key; the rest is random (base64url of 32 bytes). */
export const API_KEY_PREFIX = 'rk_live_';
export const API_KEY_PATTERN = /^rk_live_[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{43}$/;

export const organizationMessages = {
  name: 'Enter the organisation’s name.',
  kind: 'Choose what kind of organisation it is.',
  billingEmail: 'Enter a valid billing e-mail address.',
  keyName: 'Give the key a name (e.g. “Claims system”).',
  scopes: 'Choose at least one scope.',
  rateLimit: 'The rate limit is a whole number of calls per minute, 1 to 10,000.',
  notFound: 'No such organisation.',
  keyNotFound: 'No such API key.',
  badKey: 'The API key is missing, unknown or revoked. Send it as "Authorization: Bearer rk_live_...".',
  scope: (scope: string) => `This API key does not have the "${scope}" scope.`,
  idempotencyReused: idempotencyMessages.reused('an order'),
  orderNotFound: 'No such order.',
  reportNotReady: 'The report of this order is not ready yet.',
  month: 'The month is written yyyy-mm, e.g. 2026-11.',
} as const;

const text = (message: string, max = 120) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: message })
    .check(oneLine());

export const createOrganizationSchema = z
  .object({
    name: text(organizationMessages.name),
    kind: z.enum(organizationKinds, { error: organizationMessages.kind }),
    billingEmail: z
      .string({ error: organizationMessages.billingEmail })
      .trim()
      .toLowerCase()
      .max(254, { error: organizationMessages.billingEmail })
      .pipe(z.email({ error: organizationMessages.billingEmail })),
  })
  .meta({ id: 'CreateOrganizationRequest' });
export type CreateOrganizationInput = z.input<typeof createOrganizationSchema>;

export const organizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(organizationKinds),
    billingEmail: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    activeKeys: z.number().int(),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof organizationSchema>;

export const createApiKeySchema = z
  .object({
    name: text(organizationMessages.keyName, 80),
    scopes: z
      .array(z.enum(apiKeyScopes, { error: organizationMessages.scopes }))
      .min(1, { error: organizationMessages.scopes })
      .max(apiKeyScopes.length)
      .transform((s) => [...new Set(s)]),
    rateLimitPerMinute: z
      .number({ error: organizationMessages.rateLimit })
      .int({ error: organizationMessages.rateLimit })
      .min(1, { error: organizationMessages.rateLimit })
      .max(10_000, { error: organizationMessages.rateLimit })
      .default(60),
  })
  .meta({ id: 'CreateApiKeyRequest' });
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    name: z.string(),
    /** The visible start of the key (rk_live_ and 8 characters), to tell keys apart. */
    prefix: z.string(),
    scopes: z.array(z.enum(apiKeyScopes)),
    rateLimitPerMinute: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
    revokedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time the whole key is shown. */
export const createdApiKeySchema = apiKeySchema
  .extend({ key: z.string().describe('The whole key: shown once, never stored.') })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const organizationParamsSchema = z.object({ id: z.uuid({ error: organizationMessages.notFound }) });
export const apiKeyParamsSchema = z.object({
  id: z.uuid({ error: organizationMessages.notFound }),
  keyId: z.uuid({ error: organizationMessages.keyNotFound }),
});

// ---- /api/v1 ----

/** An order through the API: the web order form's fields and rules (without the card). */
export const apiOrderRequestSchema = quoteDataSchema;

export const apiOrderSchema = z
  .object({
    id: z.string().describe('The order id (the report reference, e.g. RL-7K3M9Q2X)'),
    /** processing until the first report is made; report_ready once one is (see reportBasis); failed. */
    status: z.enum(['processing', 'report_ready', 'failed']),
    reportStatus: z.string(),
    reportVersion: z.number().int().nullable(),
    reportBasis: z.enum(['preliminary', 'measured']).nullable(),
    amountCents: z.number().int(),
    billing: z.literal('account'),
    property: z.object({
      streetAddress: z.string(),
      city: z.string(),
      state: z.string(),
      zipCode: z.string(),
    }),
    orderedAt: z.iso.datetime({ offset: true }),
    reportReadyAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'ApiOrder' });
export type ApiOrder = z.infer<typeof apiOrderSchema>;

export const apiOrderListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().trim().max(200).optional(),
});
export const apiOrderListSchema = z
  .object({ data: z.array(apiOrderSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ApiOrderList' });

export const apiOrderParamsSchema = z.object({
  id: z.string().trim().max(40, { error: organizationMessages.orderNotFound }),
});

const lineItemSchema = z.object({
  code: z.string(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
  category: z.string(),
});

/** The estimate of the order's latest report: the figures its PDF shows. */
export const apiEstimateSchema = z
  .object({
    orderId: z.string(),
    reportVersion: z.number().int(),
    basis: z.enum(['preliminary', 'measured']),
    modelVersion: z.string(),
    currency: z.literal('USD'),
    lineItems: z.array(lineItemSchema),
    /** The line items without sales tax and market adjustment ("Work" in the PDF): what overhead and profit is on. */
    workCents: z.number().int(),
    /** All line items (the work, the sales tax, any market adjustment). */
    subtotalCents: z.number().int(),
    overheadAndProfitCents: z.number().int(),
    overheadAndProfitRate: z.number(),
    salesTax: z.object({
      state: z.string(),
      ratePercent: z.number(),
      included: z.boolean(),
      cents: z.number(),
    }),
    totalCents: z.number().int(),
    range: z.object({
      lowCents: z.number().int(),
      expectedCents: z.number().int(),
      highCents: z.number().int(),
    }),
    rangeCoverage: z.string(),
    warnings: z.array(z.object({ code: z.string(), message: z.string() })),
    generatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ApiEstimate' });
export type ApiEstimate = z.infer<typeof apiEstimateSchema>;

export const statementParamsSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: organizationMessages.month }),
});
export const adminStatementParamsSchema = organizationParamsSchema.extend(statementParamsSchema.shape);
