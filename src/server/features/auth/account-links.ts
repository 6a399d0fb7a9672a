import { randomBytes } from 'node:crypto';
import { LINK_TTL_HOURS, RESET_TTL_HOURS } from '../../../domain/auth/schemas';
import type { SessionStore } from '../../platform/auth/session-store';
import { hashToken } from '../../platform/auth/session-store';
import type { Config } from '../../platform/config';
import type { Mailer } from '../../platform/mail/types';
import { type AuthRepo, RESET_PURPOSE } from './auth.repo';
import type { RequestMeta, UserRow } from './auth.service';

const HOUR_MS = 60 * 60 * 1000;
export const CONFIRM_PURPOSE = 'confirm_email';
export const CONFIRM_TTL_MS = LINK_TTL_HOURS * HOUR_MS;
export const CLAIM_PURPOSE = 'claim_account';
export const CLAIM_TTL_MS = LINK_TTL_HOURS * HOUR_MS;
export const SET_PASSWORD_PURPOSE = 'set_password';
export const SET_PASSWORD_TTL_MS = LINK_TTL_HOURS * HOUR_MS;
export const RESET_TTL_MS = RESET_TTL_HOURS * HOUR_MS;

/** How a password came to be set, as the notice mailed to the account's address says it. */
export type PasswordSetBy = 'link' | 'reset' | 'signed_in' | 'operator';
const passwordSetWords: Record<PasswordSetBy, string> = {
  link: 'set with a link mailed to this address',
  reset: 'reset with a "Forgot password?" link mailed to this address',
  signed_in: 'changed by someone signed in to the account',
  operator: `set by one of our operators`,
};

/**
 * What a claim link applies when it is followed in the browser that registered (the one holding
 * the nonce whose hash is kept here): nothing of it is usable before the address is proven, and
 * followed anywhere else none of it is used.
 */
export interface ClaimData {
  passwordHash: string;
  firstName: string;
  lastName: string;
  nonceHash: string;
}

export function isClaimData(value: unknown): value is ClaimData {
  const v = value as Partial<ClaimData> | null;
  return (
    typeof v?.passwordHash === 'string' &&
    typeof v.firstName === 'string' &&
    typeof v.lastName === 'string' &&
    typeof v.nonceHash === 'string'
  );
}

/**
 * The account links and notices mailed by the auth services (confirmation, claim, set-password,
 * reset, password changed, address taken) and the look-up of a link followed.
 */
export function createAccountLinks(deps: {
  repo: AuthRepo;
  sessions: SessionStore;
  mailer: Mailer;
  config: Config;
  now: () => Date;
}) {
  const { repo, sessions, mailer, config, now } = deps;

  async function findLink(token: string, purposes: readonly string[]) {
    if (!token || token.length > 100) return { status: 'invalid' as const };
    const row = await repo.findEmailToken(hashToken(token), purposes);
    if (!row || row.usedAt) return { status: 'invalid' as const };
    if (row.expiresAt.getTime() < now().getTime()) return { status: 'expired' as const };
    return { status: 'valid' as const, row };
  }

  /** A session for the user after their password was set from a link: every other session ends. */
  async function signInAfterPasswordSet(userId: string, meta: Omit<RequestMeta, 'baseUrl'>) {
    await sessions.revokeAllForUser(userId);
    return sessions.create(userId, { ip: meta.ip, userAgent: meta.userAgent });
  }

  async function sendConfirmation(user: UserRow, baseUrl: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await repo.insertEmailToken({
      userId: user.id,
      purpose: CONFIRM_PURPOSE,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + CONFIRM_TTL_MS),
    });
    const link = `${baseUrl}/api/auth/confirm-email?token=${token}`;
    const name = user.firstName ?? 'there';
    await mailer.send({
      to: user.email,
      subject: `Confirm your email address for ${config.brandName}`,
      text: [
        `Hi ${name},`,
        '',
        `Please confirm your email address for your ${config.brandName} account by opening this link:`,
        link,
        '',
        `The link works for ${LINK_TTL_HOURS} hours. If you did not create this account, you can ignore this message.`,
        '',
        `The ${config.brandName} team`,
      ].join('\n'),
      secrets: [link],
    });
  }

  /**
   * Someone registers an address that already has a passwordless account (made by an install
   * request or a converted quote). Nothing usable is stored on the account: the new password waits
   * in a single-use link mailed to the address, usable only in the registering browser (the nonce);
   * followed anywhere else, the link asks for a password.
   */
  async function sendClaimLink(
    user: UserRow,
    input: { firstName: string; lastName: string; passwordHash: string },
    nonce: string,
    baseUrl: string,
  ): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const data: ClaimData = {
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      nonceHash: hashToken(nonce),
    };
    await repo.replaceClaimToken({
      userId: user.id,
      purpose: CLAIM_PURPOSE,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + CLAIM_TTL_MS),
      data: data as unknown as Record<string, unknown>,
    });
    const link = `${baseUrl}/api/auth/claim-account?token=${token}`;
    await mailer.send({
      to: user.email,
      subject: `Finish creating your ${config.brandName} account`,
      text: [
        `Hi ${input.firstName},`,
        '',
        `Someone (we hope you) asked to create a ${config.brandName} account for this email address.`,
        'We already hold your installation requests and projects under this address. To set your',
        'password and open your dashboard, follow this link:',
        link,
        '',
        `The link works for ${LINK_TTL_HOURS} hours and only once. If you did not ask for this, ignore this message:`,
        'nothing changes until the link is opened.',
        '',
        `The ${config.brandName} team`,
      ].join('\n'),
      secrets: [link],
    });
  }

  /**
   * Someone registers an address that already has an account with a password. The answer they get
   * is the claim case's, word for word; the mailbox's owner is told, with a link to set a new
   * password (which also confirms the address and ends every other session).
   */
  async function sendTakenNotice(user: UserRow, baseUrl: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await repo.replaceClaimToken({
      userId: user.id,
      purpose: SET_PASSWORD_PURPOSE,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + SET_PASSWORD_TTL_MS),
    });
    const link = `${baseUrl}/api/auth/confirm-email?token=${token}`;
    await mailer.send({
      to: user.email,
      subject: `Your ${config.brandName} account`,
      text: [
        `Hi ${user.firstName ?? 'there'},`,
        '',
        `Someone (we hope you) just tried to create a ${config.brandName} account with this email address,`,
        'but the address already has one, so nothing new was created.',
        '',
        'If it was you and you have forgotten your password, set a new one with this link:',
        link,
        '',
        `The link works for ${LINK_TTL_HOURS} hours and only once. If it was not you, ignore this message:`,
        'your account and its password stay as they are.',
        '',
        `The ${config.brandName} team`,
      ].join('\n'),
      secrets: [link],
    });
  }

  /**
   * Tells the account's address that its password was set or changed, however it happened, so the
   * mailbox's owner learns of a change they did not make.
   */
  async function sendPasswordNotice(user: { email: string; firstName: string | null }, by: PasswordSetBy) {
    await mailer.send({
      to: user.email,
      subject: `Your ${config.brandName} password was changed`,
      text: [
        `Hi ${user.firstName ?? 'there'},`,
        '',
        `The password of your ${config.brandName} account (${user.email}) was ${passwordSetWords[by]} on ${now().toUTCString()}.`,
        '',
        'If you did this, there is nothing more to do.',
        `If you did not, set a new password now with "Forgot password?" at ${config.publicUrl}/forgot-password`,
        `and tell us at ${config.supportEmail}.`,
        '',
        `The ${config.brandName} team`,
      ].join('\n'),
    });
  }

  async function sendResetLink(user: UserRow, baseUrl: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await repo.replaceClaimToken({
      userId: user.id,
      purpose: RESET_PURPOSE,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + RESET_TTL_MS),
    });
    // the token rides in the fragment: no server, proxy or log on the way sees it
    const link = `${baseUrl}/reset-password#token=${token}`;
    await mailer.send({
      to: user.email,
      subject: `Set a new ${config.brandName} password`,
      text: [
        `Hi ${user.firstName ?? 'there'},`,
        '',
        `Someone (we hope you) asked to set a new password for the ${config.brandName} account of this address.`,
        'To choose a new password, open this link:',
        link,
        '',
        `The link works for ${RESET_TTL_HOURS} hour and only once; setting the new password signs every`,
        'device out of the account. If you did not ask for this, ignore this message: your password',
        'stays as it is.',
        '',
        `The ${config.brandName} team`,
      ].join('\n'),
      secrets: [link],
    });
  }

  return {
    findLink,
    signInAfterPasswordSet,
    sendConfirmation,
    sendClaimLink,
    sendTakenNotice,
    sendPasswordNotice,
    sendResetLink,
  };
}
