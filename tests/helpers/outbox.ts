import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Config } from '../../src/server/platform/config';
import type { Db } from '../../src/server/platform/db/index';
import { mailOutbox } from '../../src/server/platform/db/schema';
import { type DevMail, devMailDir } from '../../src/server/platform/mail/mail-secrets';

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * The mail as it was sent, links included: the outbox row holds placeholders instead of links, so
 * its text and html are read from the development mail folder (tests run without SMTP).
 */
export function asSent(config: Pick<Config, 'nodeEnv' | 'smtpUrl' | 'dataDir'>, row: OutboxRow): OutboxRow {
  const dir = devMailDir(config);
  const file = dir && path.join(dir, `${row.id}.json`);
  if (!file || !existsSync(file)) return row;
  const sent = JSON.parse(readFileSync(file, 'utf8')) as DevMail;
  return { ...row, text: sent.text, html: sent.html };
}

/** The newest mail for one address as it was sent, links included (undefined when none). */
export async function latestMailTo(platform: { db: Db; config: Config }, email: string) {
  const [mail] = await platform.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail && asSent(platform.config, mail);
}

/**
 * A report mail (preliminary or measured, any version): an order without a file now gets its
 * preliminary report at once, so tests that count an order's own mails leave these aside.
 */
export function isReportMail(mail: { subject: string }): boolean {
  return /roof report\b.*Project ID RL-/.test(mail.subject);
}
