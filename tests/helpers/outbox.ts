import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/index';
import { mailOutbox } from '../../src/server/platform/db/schema';

/** The newest mail the outbox holds for one address (undefined when none). */
export async function latestMailTo(db: Db, email: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

/**
 * A report mail (preliminary or measured, any version): an order without a file now gets its
 * preliminary report at once, so tests that count an order's own mails leave these aside.
 */
export function isReportMail(mail: { subject: string }): boolean {
  return /roof report\b.*Project ID RL-/.test(mail.subject);
}
