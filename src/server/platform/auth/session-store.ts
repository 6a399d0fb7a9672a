import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { EventBus } from '../bus/types';
import type { Db } from '../db/index';
import { sessions, users } from '../db/schema';

export const SESSION_COOKIE = 'rl_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend a session's expiry when less than this is left (sliding renewal, at most one write a day). */
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS - 24 * 60 * 60 * 1000;
/** How long a resolved session is trusted from memory before the database is asked again. */
const CACHE_TTL_MS = 60_000;

export type UserType = 'homeowner' | 'contractor' | 'admin';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  userType: UserType;
  isVerified: boolean;
  createdAt: Date;
}

export interface ResolvedSession {
  sessionId: string;
  user: SessionUser;
  expiresAt: Date;
}

export interface SessionStore {
  create(
    userId: string,
    meta?: { userAgent?: string; ip?: string },
  ): Promise<{ token: string; expiresAt: Date }>;
  /** The session behind a cookie token, from memory when fresh; null when unknown or expired. */
  resolve(token: string): Promise<ResolvedSession | null>;
  revoke(token: string): Promise<void>;
  /** Ends every session of a user, in every process (after the account's password was set anew). */
  revokeAllForUser(userId: string): Promise<void>;
  /** Ends every other session of a user, keeping `keepSessionId` (after they changed their password). */
  revokeOthersForUser(userId: string, keepSessionId: string): Promise<void>;
  /** Drop cached copies of a user's sessions in every process (after the user row changed). */
  userChanged(userId: string): Promise<void>;
  close(): void;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  userType: users.userType,
  isVerified: users.isVerified,
  createdAt: users.createdAt,
};

export function createSessionStore(deps: { db: Db; bus: EventBus }): SessionStore {
  const { db, bus } = deps;
  const cache = new LRUCache<string, ResolvedSession>({ max: 50_000, ttl: CACHE_TTL_MS });

  const unsubscribe = bus.subscribe((message) => {
    if (message.kind === 'sessions_revoked') {
      for (const id of message.sessionIds) cache.delete(id);
    } else if (message.kind === 'user_changed') {
      for (const [id, entry] of cache.entries()) if (entry.user.id === message.userId) cache.delete(id);
    }
  });

  return {
    async create(userId, meta = {}) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await db.insert(sessions).values({
        id: hashToken(token),
        userId,
        expiresAt,
        userAgent: meta.userAgent?.slice(0, 300),
        ip: meta.ip,
      });
      return { token, expiresAt };
    },

    async resolve(token) {
      if (!token || token.length > 100) return null;
      const id = hashToken(token);
      const cached = cache.get(id);
      const now = Date.now();
      if (cached) {
        if (cached.expiresAt.getTime() > now) return cached;
        cache.delete(id);
        return null;
      }
      const [row] = await db
        .select({ expiresAt: sessions.expiresAt, user: userColumns })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now))))
        .limit(1);
      if (!row) return null;
      let expiresAt = row.expiresAt;
      if (expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS) {
        expiresAt = new Date(now + SESSION_TTL_MS);
        await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
      }
      const resolved: ResolvedSession = { sessionId: id, user: row.user as SessionUser, expiresAt };
      cache.set(id, resolved);
      return resolved;
    },

    async revoke(token) {
      const id = hashToken(token);
      cache.delete(id);
      await db.delete(sessions).where(eq(sessions.id, id));
      await bus.publish({ kind: 'sessions_revoked', sessionIds: [id] });
    },

    async revokeAllForUser(userId) {
      const gone = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      const ids = gone.map((g) => g.id);
      for (const id of ids) cache.delete(id);
      if (ids.length > 0) await bus.publish({ kind: 'sessions_revoked', sessionIds: ids });
      await bus.publish({ kind: 'user_changed', userId });
    },

    async revokeOthersForUser(userId, keepSessionId) {
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
        .returning({ id: sessions.id });
      const ids = gone.map((g) => g.id);
      for (const id of ids) cache.delete(id);
      if (ids.length > 0) await bus.publish({ kind: 'sessions_revoked', sessionIds: ids });
    },

    async userChanged(userId) {
      await bus.publish({ kind: 'user_changed', userId });
    },

    close() {
      unsubscribe();
      cache.clear();
    },
  };
}

/** Removes expired sessions; run by the maintenance job. */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
