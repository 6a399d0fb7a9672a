import { and, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { cursorKeyOf, keysetPage, newestFirst } from '../../platform/db/keyset';
import { emailTokens, loginFailures, users } from '../../platform/db/schema';
import type { AddressConfirmedHook } from './homeowner-accounts';
import type { LoginFailureCounts } from './login-throttle';

/** The advisory-lock namespace that makes concurrent sign-in attempts on one e-mail take turns at the gate. */
const LOGIN_LOCK_NAMESPACE = 727_274_201;

/** Purposes of the mailed links that prove the address; using one retires the others. */
export const LINK_PURPOSES = ['confirm_email', 'claim_account', 'set_password'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];
/** The "Forgot password?" link: it proves the address too, but only sets a password on its own page. */
export const RESET_PURPOSE = 'reset_password';
/** Every mailed link: all die when the account's password is set, whichever way. */
export const ALL_LINK_PURPOSES = [...LINK_PURPOSES, RESET_PURPOSE] as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Marks the token used unless it was used meanwhile (single use under concurrency). */
async function useToken(tx: Tx, tokenId: string): Promise<boolean> {
  const used = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.id, tokenId), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return used.length > 0;
}

/** Every unused mailed link of the user (but `keepTokenId`'s) stops working. */
async function retireLinks(tx: Pick<Db, 'update'>, userId: string, keepTokenId?: string) {
  await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.userId, userId),
        keepTokenId ? ne(emailTokens.id, keepTokenId) : undefined,
        isNull(emailTokens.usedAt),
        inArray(emailTokens.purpose, [...ALL_LINK_PURPOSES]),
      ),
    );
}

/**
 * The auth feature's queries. `onAddressConfirmed` runs, in order, in the transaction of every
 * method that proves an address (claimAccount, setPasswordFromLink, confirmEmail).
 */
export function createAuthRepo(db: Db, onAddressConfirmed: readonly AddressConfirmedHook[] = []) {
  /** The address is proven: retire the user's other links and attach what waited for it. */
  async function addressProven(tx: Tx, tokenId: string, user: { id: string; email: string }) {
    await retireLinks(tx, user.id, tokenId);
    for (const hook of onAddressConfirmed) await hook(tx, { userId: user.id, email: user.email });
  }

  return {
    /** One page of every account, newest first (the admins' user list, GET /api/users). */
    async usersPage(cursor: string | undefined, limit: number) {
      const keyset = newestFirst(users.createdAt, users.id);
      const page = await keysetPage(
        keyset,
        cursor,
        limit,
        (after, order, n) =>
          db
            .select({ u: users, cursorKey: cursorKeyOf(keyset) })
            .from(users)
            .where(after)
            .orderBy(order)
            .limit(n),
        (r) => r.u.id,
      );
      return { rows: page.rows.map((r) => r.u), nextCursor: page.nextCursor };
    },

    async findUserByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async findUserById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async insertUser(values: typeof users.$inferInsert) {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('user insert returned nothing');
      return row;
    },

    /**
     * The gate of a sign-in attempt, taken before any password is hashed. Under a per-account
     * advisory lock (concurrent attempts on one account take turns; attempts on others do not
     * wait), counts the e-mail's failures and asks `refuse`; when it lets the attempt through, the
     * attempt is recorded as a failure at once, so the attempts being checked in parallel count
     * against the cap too. A wrong password leaves it recorded; a right one clears the client's rows.
     */
    async gateLoginAttempt<R>(
      email: string,
      ip: string,
      at: Date,
      windows: { clientSince: Date; accountSince: Date; accountFailureLimit: number },
      refuse: (counts: LoginFailureCounts) => R | null,
    ): Promise<{ refused: R } | { refused: null }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${LOGIN_LOCK_NAMESPACE}, hashtext(${email}))`);
        const [client] = await tx
          .select({
            count: count(),
            lastAt: sql<Date | null>`max(${loginFailures.createdAt})`.mapWith((v: unknown) =>
              v === null || v === undefined ? null : new Date(v as string),
            ),
          })
          .from(loginFailures)
          .where(
            and(
              eq(loginFailures.email, email),
              eq(loginFailures.ip, ip),
              gt(loginFailures.createdAt, windows.clientSince),
            ),
          );
        // the oldest of the account's newest `limit` failures in its window: none while below the cap
        const [capFrom] = await tx
          .select({ at: loginFailures.createdAt })
          .from(loginFailures)
          .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, windows.accountSince)))
          .orderBy(desc(loginFailures.createdAt))
          .offset(windows.accountFailureLimit - 1)
          .limit(1);
        const refused = refuse({
          client: client?.count ?? 0,
          clientLastAt: client?.lastAt ?? null,
          accountCapFrom: capFrom?.at ?? null,
        });
        if (refused !== null) return { refused };
        await tx.insert(loginFailures).values({ email, ip, createdAt: at });
        return { refused: null };
      });
    },

    /** Forgets one client's failures for an e-mail; other clients' guesses keep counting. */
    async clearClientFailures(email: string, ip: string) {
      await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
    },

    /** Forgets every failure for an e-mail, from every client: its owner proved the mailbox. */
    async clearAccountFailures(email: string) {
      await db.delete(loginFailures).where(eq(loginFailures.email, email));
    },

    async insertEmailToken(values: typeof emailTokens.$inferInsert) {
      await db.insert(emailTokens).values(values);
    },

    async findEmailToken(tokenHash: string, purposes: readonly string[]) {
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, tokenHash), inArray(emailTokens.purpose, [...purposes])))
        .limit(1);
      return row;
    },

    /** Stores a new claim link for the user; any earlier unused one stops working. */
    async replaceClaimToken(values: typeof emailTokens.$inferInsert) {
      await db.transaction(async (tx) => {
        await tx
          .delete(emailTokens)
          .where(
            and(
              eq(emailTokens.userId, values.userId),
              eq(emailTokens.purpose, values.purpose),
              isNull(emailTokens.usedAt),
            ),
          );
        await tx.insert(emailTokens).values(values);
      });
    },

    /**
     * Uses a claim token and sets the password and names it carries, confirming the address, in one
     * transaction. Undefined when the token was used meanwhile or the account got a password since.
     */
    async claimAccount(
      tokenId: string,
      userId: string,
      data: { passwordHash: string; firstName: string; lastName: string },
      adminDomain: string,
    ) {
      return db.transaction(async (tx) => {
        if (!(await useToken(tx, tokenId))) return undefined;
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
        if (!user || user.passwordHash) return undefined;
        const becomesAdmin = user.email.endsWith(`@${adminDomain}`);
        const [updated] = await tx
          .update(users)
          .set({
            passwordHash: data.passwordHash,
            firstName: data.firstName,
            lastName: data.lastName,
            isVerified: true,
            emailVerifiedAt: new Date(),
            updatedAt: new Date(),
            ...(becomesAdmin ? { userType: 'admin' as const } : {}),
          })
          .where(and(eq(users.id, userId), isNull(users.passwordHash)))
          .returning();
        if (updated) await addressProven(tx, tokenId, updated);
        return updated;
      });
    },

    /**
     * Uses a link token and gives the account the password chosen by whoever followed it: the
     * password it had (chosen by a registrant who may not own the mailbox) is gone, the address is
     * confirmed, and a company-domain address becomes admin. Undefined when the token was used meanwhile.
     */
    async setPasswordFromLink(tokenId: string, userId: string, passwordHash: string, adminDomain: string) {
      return db.transaction(async (tx) => {
        if (!(await useToken(tx, tokenId))) return undefined;
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
        if (!user) return undefined;
        const becomesAdmin = user.email.endsWith(`@${adminDomain}`);
        const [updated] = await tx
          .update(users)
          .set({
            passwordHash,
            isVerified: true,
            emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
            updatedAt: new Date(),
            ...(becomesAdmin ? { userType: 'admin' as const } : {}),
          })
          .where(eq(users.id, userId))
          .returning();
        if (updated) await addressProven(tx, tokenId, updated);
        return updated;
      });
    },

    /**
     * Replaces the account's password hash, and every unused mailed link of the account stops
     * working (a confirm or claim link must not set it again). The user, or undefined when none.
     */
    async setPasswordHash(userId: string, passwordHash: string) {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        if (updated) await retireLinks(tx, userId);
        return updated;
      });
    },

    /** The account's password was set outside this feature (the create-admin CLI): its links die. */
    async retireLinks(userId: string) {
      await retireLinks(db, userId);
    },

    /** A homeowner account becomes a contractor's; admins and contractors stay as they are. True when it changed. */
    async homeownerBecomesContractor(userId: string): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ userType: 'contractor', updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.userType, 'homeowner')))
        .returning({ id: users.id });
      return updated.length > 0;
    },

    /** Marks the token used and confirms the address in one transaction; false when it was used meanwhile. */
    async confirmEmail(tokenId: string, userId: string, adminDomain: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await useToken(tx, tokenId))) return false;
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
        if (!user) return false;
        const becomesAdmin = user.email.endsWith(`@${adminDomain}`);
        await tx
          .update(users)
          .set({
            isVerified: true,
            emailVerifiedAt: new Date(),
            updatedAt: new Date(),
            ...(becomesAdmin ? { userType: 'admin' as const } : {}),
          })
          .where(eq(users.id, userId));
        await addressProven(tx, tokenId, user);
        return true;
      });
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
