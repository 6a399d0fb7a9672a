import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { ArrayPageQuery } from '../../../domain/lists';
import type { Db } from '../../platform/db/index';
import { newestFirst, tablePage } from '../../platform/db/keyset';
import { discountCodes } from '../../platform/db/schema';
import type { DiscountCodeRow, Tx } from './payments.repo';

/** One more reserved use, atomically, only while the code is active, unexpired and under its limit. */
export async function reserveUse(tx: Tx, code: string): Promise<boolean> {
  const now = new Date();
  const [row] = await tx
    .update(discountCodes)
    .set({ reservedCount: sql`${discountCodes.reservedCount} + 1`, updatedAt: now })
    .where(
      and(
        eq(discountCodes.code, code),
        eq(discountCodes.isActive, true),
        or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, now)),
        or(
          isNull(discountCodes.maxUses),
          sql`${discountCodes.usedCount} + ${discountCodes.reservedCount} < ${discountCodes.maxUses}`,
        ),
      ),
    )
    .returning({ id: discountCodes.id });
  return Boolean(row);
}

export async function releaseUse(tx: Tx, code: string): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ reservedCount: sql`greatest(${discountCodes.reservedCount} - 1, 0)`, updatedAt: new Date() })
    .where(eq(discountCodes.code, code));
}

/** The discount codes' own queries: part of the payments repo (the payments feature owns discount_codes). */
export function createDiscountCodesRepo(db: Db) {
  return {
    async findDiscountCode(code: string): Promise<DiscountCodeRow | undefined> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code)).limit(1);
      return row;
    },

    async findDiscountCodeById(id: string): Promise<DiscountCodeRow | undefined> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
      return row;
    },

    /** Newest first, one keyset page after the cursor. */
    async listDiscountCodes(
      page: ArrayPageQuery,
    ): Promise<{ rows: DiscountCodeRow[]; nextCursor: string | null }> {
      const keyset = newestFirst(discountCodes.createdAt, discountCodes.id);
      const { rows, nextCursor } = await tablePage(
        db,
        discountCodes,
        keyset,
        undefined,
        page.cursor,
        page.limit,
      );
      return { rows, nextCursor };
    },

    async insertDiscountCode(
      values: typeof discountCodes.$inferInsert,
    ): Promise<DiscountCodeRow | undefined> {
      const [row] = await db
        .insert(discountCodes)
        .values(values)
        .onConflictDoNothing({ target: discountCodes.code })
        .returning();
      return row;
    },

    async disableDiscountCode(id: string): Promise<DiscountCodeRow | undefined> {
      const [row] = await db
        .update(discountCodes)
        .set({ isActive: false, updatedAt: new Date() })
        .where(eq(discountCodes.id, id))
        .returning();
      return row;
    },
  };
}

/**
 * One more use of a code by a submission without a reservation (a free one), in the caller's
 * transaction: never above the limit counting the uses held by open intents. `used_up` when a
 * stored code is at its limit; `not_stored` for a code without a row (the built-in VIP code).
 */
export async function countUseWithoutReservation(
  tx: Tx,
  code: string,
): Promise<'counted' | 'used_up' | 'not_stored'> {
  const [counted] = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(discountCodes.code, code),
        or(
          isNull(discountCodes.maxUses),
          sql`${discountCodes.usedCount} + ${discountCodes.reservedCount} < ${discountCodes.maxUses}`,
        ),
      ),
    )
    .returning({ id: discountCodes.id });
  if (counted) return 'counted';
  const [stored] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.code, code))
    .limit(1);
  return stored ? 'used_up' : 'not_stored';
}
