import { auditLog } from './audit.schema';
import type { Db } from './db/index';

export interface AuditEntry {
  actorId?: string | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  data?: Record<string, unknown>;
  ip?: string;
}

/** Records who did what; never pass secrets in `data`. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    data: entry.data,
    ip: entry.ip,
  });
}
