import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  ApiKey,
  ApiKeyScope,
  CreateApiKeyInput,
  CreatedApiKey,
  CreateOrganizationInput,
  Organization,
  OrganizationKind,
} from '../../../domain/organizations/organizations';
import { createApiKeySchema, organizationMessages } from '../../../domain/organizations/organizations';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/index';
import { NotFoundError } from '../../platform/errors';
import { keyMatches, newApiKey, prefixOf } from './api-keys';
import { apiKeys, organizations } from './organizations.schema';

export interface Actor {
  userId: string;
  ip?: string;
}

/** Who a valid key speaks for. */
export interface ApiCaller {
  apiKeyId: string;
  organizationId: string;
  scopes: ApiKeyScope[];
  rateLimitPerMinute: number;
}

/** last_used_at is written at most once a minute per key (not one write per call). */
export const LAST_USED_EVERY_MS = 60_000;

type KeyRow = typeof apiKeys.$inferSelect;
type OrgRow = typeof organizations.$inferSelect;

function keyOut(row: KeyRow): ApiKey {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    rateLimitPerMinute: row.rateLimitPerMinute,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

function orgOut(row: OrgRow, activeKeys: number): Organization {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as OrganizationKind,
    billingEmail: row.billingEmail,
    createdAt: row.createdAt.toISOString(),
    activeKeys,
  };
}

/** Organisations and their API keys: the admins' calls (audit-logged) and the keys' check. */
export function createOrganizationsService(deps: { db: Db }) {
  const { db } = deps;
  /** When this process last wrote each key's last_used_at. */
  const lastWritten = new Map<string, number>();

  async function organization(id: string): Promise<OrgRow> {
    const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
    if (!row) throw new NotFoundError(organizationMessages.notFound);
    return row;
  }

  async function touch(keyId: string): Promise<void> {
    const now = Date.now();
    if (now - (lastWritten.get(keyId) ?? 0) < LAST_USED_EVERY_MS) return;
    lastWritten.set(keyId, now);
    // several processes share the database: the condition keeps it to one write a minute in all
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(
        and(
          eq(apiKeys.id, keyId),
          or(
            isNull(apiKeys.lastUsedAt),
            lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_EVERY_MS / 1000})`),
          ),
        ),
      );
  }

  return {
    organization,

    async create(input: CreateOrganizationInput & { kind: OrganizationKind }, actor: Actor) {
      const [row] = await db
        .insert(organizations)
        .values({
          name: input.name,
          kind: input.kind,
          billingEmail: input.billingEmail,
          createdBy: actor.userId,
        })
        .returning();
      if (!row) throw new Error('organization insert returned nothing');
      await audit(db, {
        actorId: actor.userId,
        action: 'organization.created',
        entityType: 'organization',
        entityId: row.id,
        data: { name: row.name, kind: row.kind },
        ip: actor.ip,
      });
      return orgOut(row, 0);
    },

    async list(): Promise<Organization[]> {
      const active = db
        .select({ organizationId: apiKeys.organizationId, n: count().as('n') })
        .from(apiKeys)
        .where(isNull(apiKeys.revokedAt))
        .groupBy(apiKeys.organizationId)
        .as('active');
      const rows = await db
        .select({ org: organizations, n: active.n })
        .from(organizations)
        .leftJoin(active, eq(active.organizationId, organizations.id))
        .orderBy(desc(organizations.createdAt))
        .limit(500);
      return rows.map((r) => orgOut(r.org, Number(r.n ?? 0)));
    },

    /** A new key: the whole key is in this answer only; the table keeps its prefix and hash. */
    async createKey(organizationId: string, input: CreateApiKeyInput, actor: Actor): Promise<CreatedApiKey> {
      await organization(organizationId);
      const parsed = createApiKeySchema.parse(input);
      const { key, prefix, hash } = newApiKey();
      const [row] = await db
        .insert(apiKeys)
        .values({
          organizationId,
          name: parsed.name,
          prefix,
          keyHash: hash,
          scopes: parsed.scopes,
          rateLimitPerMinute: parsed.rateLimitPerMinute,
          createdBy: actor.userId,
        })
        .returning();
      if (!row) throw new Error('api key insert returned nothing');
      await audit(db, {
        actorId: actor.userId,
        action: 'api_key.created',
        entityType: 'api_key',
        entityId: row.id,
        data: {
          organizationId,
          prefix,
          scopes: parsed.scopes,
          rateLimitPerMinute: parsed.rateLimitPerMinute,
        },
        ip: actor.ip,
      });
      return { ...keyOut(row), key };
    },

    async listKeys(organizationId: string): Promise<ApiKey[]> {
      await organization(organizationId);
      const rows = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.organizationId, organizationId))
        .orderBy(desc(apiKeys.createdAt));
      return rows.map(keyOut);
    },

    /** Revokes a key at once (revoking it again changes nothing). */
    async revokeKey(organizationId: string, keyId: string, actor: Actor): Promise<ApiKey> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.organizationId, organizationId)))
        .returning();
      if (!row) throw new NotFoundError(organizationMessages.keyNotFound);
      await audit(db, {
        actorId: actor.userId,
        action: 'api_key.revoked',
        entityType: 'api_key',
        entityId: row.id,
        data: { organizationId, prefix: row.prefix },
        ip: actor.ip,
      });
      return keyOut(row);
    },

    /** The caller of a presented key; null for a malformed, unknown or revoked one. */
    async authenticate(key: string): Promise<ApiCaller | null> {
      const prefix = prefixOf(key);
      if (!prefix) return null;
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.prefix, prefix)).limit(1);
      if (!row || !keyMatches(key, row.keyHash) || row.revokedAt) return null;
      await touch(row.id);
      return {
        apiKeyId: row.id,
        organizationId: row.organizationId,
        scopes: row.scopes as ApiKeyScope[],
        rateLimitPerMinute: row.rateLimitPerMinute,
      };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
