import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { emailTokens, loginFailures, users } from '../../platform/db/schema';

export function createAuthRepo(db: Db) {
  return {
    async findUserByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async insertUser(values: typeof users.$inferInsert) {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('user insert returned nothing');
      return row;
    },

    async countRecentFailures(email: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
      return row?.n ?? 0;
    },

    async recordFailure(email: string, ip: string | undefined) {
      await db.insert(loginFailures).values({ email, ip });
    },

    async clearFailures(email: string) {
      await db.delete(loginFailures).where(eq(loginFailures.email, email));
    },

    async insertEmailToken(values: typeof emailTokens.$inferInsert) {
      await db.insert(emailTokens).values(values);
    },

    async findEmailToken(tokenHash: string, purpose: string) {
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
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
        const used = await tx
          .update(emailTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(emailTokens.id, tokenId), isNull(emailTokens.usedAt)))
          .returning({ id: emailTokens.id });
        if (used.length === 0) return undefined;
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
        return updated;
      });
    },

    /** Marks the token used and confirms the address in one transaction; false when it was used meanwhile. */
    async confirmEmail(tokenId: string, userId: string, adminDomain: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(emailTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(emailTokens.id, tokenId), isNull(emailTokens.usedAt)))
          .returning({ id: emailTokens.id });
        if (used.length === 0) return false;
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
        return true;
      });
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
