import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * What is stored of a mail never lets its reader follow the mail's links: each secret (a sign-in
 * link, a signed download link) is replaced by a placeholder in the stored text and html, and the
 * secrets themselves are kept, encrypted, only until the mail is sent (create-mailer.ts).
 */

/** The placeholder of the secret at `index`, as admins see it in the outbox. */
export function secretPlaceholder(index: number): string {
  return `[link hidden: only in the mail sent, #${index + 1}]`;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function replaceAll(value: string, find: string, by: string): string {
  return find === '' ? value : value.split(find).join(by);
}

/** Text and html with every secret (raw, and HTML-escaped in the html) replaced by its placeholder. */
export function redactSecrets(
  mail: { text: string; html?: string | null },
  secrets: readonly string[],
): { text: string; html: string | undefined } {
  let text = mail.text;
  let html = mail.html ?? undefined;
  // longest first, so a secret that contains another is replaced whole
  const order = secrets.map((s, i) => ({ s, i })).sort((a, b) => b.s.length - a.s.length);
  for (const { s, i } of order) {
    text = replaceAll(text, s, secretPlaceholder(i));
    if (html !== undefined)
      html = replaceAll(replaceAll(html, s, secretPlaceholder(i)), escapeHtml(s), secretPlaceholder(i));
  }
  return { text, html };
}

/** The mail as it is sent: each placeholder replaced by its secret (HTML-escaped in the html). */
export function revealSecrets(
  mail: { text: string; html: string | null },
  secrets: readonly string[],
): { text: string; html: string | null } {
  let { text, html } = mail;
  secrets.forEach((s, i) => {
    text = replaceAll(text, secretPlaceholder(i), s);
    if (html !== null) html = replaceAll(html, secretPlaceholder(i), escapeHtml(s));
  });
  return { text, html };
}

/**
 * Where mails that no SMTP server will carry are written as sent, links included, so a developer
 * or a test can follow them: only outside production and only without SMTP_URL. A folder under
 * DATA_DIR, never the database: a dump or a backup of the database holds no usable link.
 */
export function devMailDir(config: Pick<Config, 'nodeEnv' | 'smtpUrl' | 'dataDir'>): string | undefined {
  return config.nodeEnv !== 'production' && !config.smtpUrl
    ? path.join(config.dataDir, 'dev-mail')
    : undefined;
}

export interface DevMail {
  id: string;
  to: string;
  cc: string | null;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/** Writes one mail, as it would be sent, to the development mail folder. */
export function writeDevMail(dir: string, mail: DevMail): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(dir, `${mail.id}.json`), JSON.stringify(mail, null, 2), { mode: 0o600 });
}
