import type { Logger } from 'pino';
import { z } from 'zod';
import type { ArrayPageQuery } from '../../../domain/lists';
import {
  type AdminDiscountCode,
  type CreateDiscountCodeInput,
  discountCodeMessages,
} from '../../../domain/payments/schemas';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/index';
import { discountCodes } from '../../platform/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { cachedByQuery, type ReadCache } from '../../platform/read-cache';
import type { DiscountCodeRow, PaymentsRepo } from './payments.repo';
import type { PaymentsService } from './payments.service';

const uuid = z.uuid();

export function toAdminDiscountCode(row: DiscountCodeRow): AdminDiscountCode {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    value: row.value,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    usedCount: row.usedCount,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The admins' discount codes: listed, created, disabled (their open holds released at once). */
export function createDiscountCodesService(deps: {
  db: Db;
  repo: PaymentsRepo;
  logger: Logger;
  payments: Pick<PaymentsService, 'recover'>;
  readCache: ReadCache;
}) {
  const { db, repo, payments } = deps;
  // the admins' list: its pages kept until a code changes (decision 005)
  const listPage = cachedByQuery(
    deps.readCache.define<Awaited<ReturnType<typeof repo.listDiscountCodes>>>('payments.discountCodes', [
      discountCodes,
    ]),
    repo.listDiscountCodes,
  );
  const log = deps.logger.child({ module: 'payments' });

  return {
    async listDiscountCodes(
      page: ArrayPageQuery,
    ): Promise<{ items: AdminDiscountCode[]; nextCursor: string | null }> {
      const { rows, nextCursor } = await listPage(page);
      return { items: rows.map(toAdminDiscountCode), nextCursor };
    },

    async createDiscountCode(input: CreateDiscountCodeInput, actorId: string): Promise<AdminDiscountCode> {
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) {
        throw new ValidationError(discountCodeMessages.expiresPast, {
          expiresAt: [discountCodeMessages.expiresPast],
        });
      }
      const row = await repo.insertDiscountCode({
        code: input.code,
        type: input.type,
        value: input.type === 'free' ? 0 : input.value,
        expiresAt,
        maxUses: input.maxUses ?? null,
        isActive: true,
        createdBy: actorId,
      });
      if (!row) throw new ConflictError(discountCodeMessages.duplicate);
      await audit(db, {
        actorId,
        action: 'discount_code.create',
        entityType: 'discount_code',
        entityId: row.id,
        data: { code: row.code, type: row.type, value: row.value },
      });
      return toAdminDiscountCode(row);
    },

    async disableDiscountCode(id: string, actorId: string): Promise<AdminDiscountCode> {
      if (!uuid.safeParse(id).success) throw new NotFoundError(discountCodeMessages.notFound);
      const row = await repo.disableDiscountCode(id);
      if (!row) throw new NotFoundError(discountCodeMessages.notFound);
      // open intents priced with it are cancelled now rather than at the next recovery run
      await payments
        .recover()
        .catch((err) => log.error({ err }, 'could not release the holds of a disabled code'));
      await audit(db, {
        actorId,
        action: 'discount_code.disable',
        entityType: 'discount_code',
        entityId: row.id,
        data: { code: row.code },
      });
      return toAdminDiscountCode(row);
    },
  };
}

export type DiscountCodesService = ReturnType<typeof createDiscountCodesService>;
