import { randomBytes } from 'node:crypto';
import type { PublicUser } from '../../../domain/auth/schemas';
import {
  LINK_TTL_HOURS,
  linkMessages,
  RESET_TTL_HOURS,
  resetLinkMessages,
} from '../../../domain/auth/schemas';
import { audit } from '../../platform/audit';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/passwords';
import type { ResolvedSession, SessionStore } from '../../platform/auth/session-store';
import { hashToken } from '../../platform/auth/session-store';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { TooManyRequestsError, UnauthorizedError, ValidationError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/types';
import { createAuthRepo, LINK_PURPOSES, RESET_PURPOSE } from './auth.repo';
import { type AccountCap, LOGIN_WINDOW_MS, type LoginRefusal, loginRefusal } from './login-throttle';

const HOUR_MS = 60 * 60 * 1000;
const CONFIRM_PURPOSE = 'confirm_email';
const CONFIRM_TTL_MS = LINK_TTL_HOURS * HOUR_MS;
export const CLAIM_PURPOSE = 'claim_account';
export const CLAIM_TTL_MS = LINK_TTL_HOURS * HOUR_MS;
const SET_PASSWORD_PURPOSE = 'set_password';
const SET_PASSWORD_TTL_MS = LINK_TTL_HOURS * HOUR_MS;
const RESET_TTL_MS = RESET_TTL_HOURS * HOUR_MS;

/** How a password came to be set, as the notice mailed to the account's address says it. */
export type PasswordSetBy = 'link' | 'reset' | 'signed_in' | 'operator';
const passwordSetWords: Record<PasswordSetBy, string> = {
  link: 'set with a link mailed to this address',
  reset: 'reset with a "Forgot password?" link mailed to this address',
  signed_in: 'changed by someone signed in to the account',
  operator: `set by one of our operators`,
};

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const authServiceMessages = {
  badCredentials: 'Invalid email or password.',
  tooManyFailures: (waitMs: number) =>
    `Too many failed sign-in attempts. Please wait ${waitText(waitMs)} and try again.`,
  /** The account-wide cap: said to every client, the owner included, with the owner's way back. */
  accountLocked: (waitMs: number) =>
    `This account has had too many failed sign-in attempts, so signing in with a password is paused for ${waitText(waitMs)}. If this is your account, use "Forgot password?" to reset your password by e-mail and sign in now.`,
  alreadyConfirmed: 'Your email address is already confirmed.',
  /** The answer to registering an address that has an account, whatever kind: it reveals nothing more. */
  claimSent: (email: string) => `We sent a link to ${email} to finish creating your account.`,
  /** The answer to "Forgot password?", whether or not the address has an account. */
  resetSent: (email: string) =>
    `If ${email} belongs to an account, we sent it a link to set a new password. ${resetLinkMessages.lifetime}`,
  passwordReset:
    'Your password has been changed and every session of your account was signed out. Sign in with your new password.',
} as const;

/** A refused sign-in attempt (no password was checked), with how long to wait before the next. */
export class LoginThrottledError extends TooManyRequestsError {
  readonly retryAfterMs: number;
  constructor(refusal: LoginRefusal) {
    super(
      refusal.reason === 'account'
        ? authServiceMessages.accountLocked(refusal.retryAfterMs)
        : authServiceMessages.tooManyFailures(refusal.retryAfterMs),
    );
    this.retryAfterMs = refusal.retryAfterMs;
  }
}

/**
 * What a claim link applies when it is followed in the browser that registered (the one holding
 * the nonce whose hash is kept here): nothing of it is usable before the address is proven, and
 * followed anywhere else none of it is used.
 */
interface ClaimData {
  passwordHash: string;
  firstName: string;
  lastName: string;
  nonceHash: string;
}

function isClaimData(value: unknown): value is ClaimData {
  const v = value as Partial<ClaimData> | null;
  return (
    typeof v?.passwordHash === 'string' &&
    typeof v.firstName === 'string' &&
    typeof v.lastName === 'string' &&
    typeof v.nonceHash === 'string'
  );
}

type NewSession = { token: string; expiresAt: Date };

export type RegisterResult =
  | { kind: 'created'; user: PublicUser; session: NewSession }
  /** The address has an account: a link went to it; the nonce binds a claim link to this browser. */
  | { kind: 'link_sent'; message: string; nonce: string };

export type LinkStatus = 'invalid' | 'expired';

/** Where a followed link leads: done here, or to the page that asks the follower for a password. */
export type FollowOutcome =
  | { status: 'confirmed' }
  | { status: 'claimed'; user: PublicUser; session: NewSession }
  | { status: 'set_password' }
  | { status: LinkStatus };

interface UserRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  userType: 'homeowner' | 'contractor' | 'admin';
  isVerified: boolean;
  createdAt: Date;
}

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    userType: u.userType,
    isVerified: u.isVerified,
    createdAt: u.createdAt.toISOString(),
  };
}

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  /** Origin the links in mails point at. */
  baseUrl: string;
}

export function createAuthService(deps: {
  db: Db;
  sessions: SessionStore;
  mailer: Mailer;
  config: Config;
  /** The clock of the sign-in throttle and link expiry; tests pass their own. */
  now?: () => Date;
}) {
  const { db, sessions, mailer, config } = deps;
  const accountCap: AccountCap = config.loginAccountCap;
  const now = deps.now ?? (() => new Date());
  const repo = createAuthRepo(db);

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

  /**
   * The throttle's gate before any password of an account is hashed (sign-in, or a signed-in
   * user proving the current password): a refused attempt (this client waits, or the account's
   * cap is reached) throws LoginThrottledError (429) without hashing; one let through is counted
   * as a failure until its password proves right (the caller then clears the client's failures).
   */
  async function passwordCheckGate(email: string, ip: string): Promise<void> {
    const at = now();
    const gate = await repo.gateLoginAttempt(
      email,
      ip,
      at,
      {
        clientSince: new Date(at.getTime() - LOGIN_WINDOW_MS),
        accountSince: new Date(at.getTime() - accountCap.windowMs),
        accountFailureLimit: accountCap.failureLimit,
      },
      (counts) => loginRefusal(counts, at, accountCap),
    );
    if (gate.refused) throw new LoginThrottledError(gate.refused);
  }

  return {
    /** GET /api/users: every account as the API shows a user, newest first (admins). */
    async listUsers(): Promise<PublicUser[]> {
      return (await repo.allUsers()).map(toPublicUser);
    },

    /**
     * Signs in with a password. The throttle decides first, from the counted failures alone: a
     * refused attempt (this client waits, or the account's cap is reached) answers 429 without
     * hashing anything. An attempt let through is counted as a failure until its password proves right.
     */
    async login(email: string, password: string, meta: RequestMeta) {
      const ip = meta.ip ?? 'unknown';
      await passwordCheckGate(email, ip);
      const user = await repo.findUserByEmail(email);
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !ok) throw new UnauthorizedError(authServiceMessages.badCredentials);
      await repo.clearClientFailures(email, ip);
      const session = await sessions.create(user.id, { ip: meta.ip, userAgent: meta.userAgent });
      await audit(db, {
        actorId: user.id,
        action: 'auth.login',
        entityType: 'user',
        entityId: user.id,
        ip: meta.ip,
      });
      return { user: toPublicUser(user), session };
    },

    /**
     * Lifts the account-wide sign-in cap of an address: every failure counted against it, from
     * every client, is forgotten. For the owner's way back once they proved the mailbox (a password
     * reset or another mailed link); the per-client counts go too.
     */
    async clearAccountFailures(email: string): Promise<void> {
      await repo.clearAccountFailures(email.trim().toLowerCase());
    },

    /**
     * A new address gets its account and a session. An address that has an account, with or
     * without a password, gets the same 202 answer and a nonce for the browser: what follows is
     * told only to the mailbox (a claim link, or a notice with a set-password link).
     */
    async register(
      input: { firstName: string; lastName: string; email: string; password: string },
      meta: RequestMeta,
    ): Promise<RegisterResult> {
      // hashed in every case, so the answer's timing does not tell the cases apart either
      const passwordHash = await hashPassword(input.password);
      const linkSent = async (existing: UserRow & { passwordHash: string | null }) => {
        const nonce = randomBytes(32).toString('base64url');
        if (existing.passwordHash) await sendTakenNotice(existing, meta.baseUrl);
        else await sendClaimLink(existing, { ...input, passwordHash }, nonce, meta.baseUrl);
        await audit(db, {
          actorId: null,
          action: existing.passwordHash ? 'auth.register_taken' : 'auth.claim_requested',
          entityType: 'user',
          entityId: existing.id,
          ip: meta.ip,
        });
        return {
          kind: 'link_sent' as const,
          message: authServiceMessages.claimSent(existing.email),
          nonce,
        };
      };
      const existing = await repo.findUserByEmail(input.email);
      if (existing) return linkSent(existing);
      let user: UserRow;
      try {
        user = await repo.insertUser({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          userType: 'homeowner',
        });
      } catch (err) {
        // a concurrent registration of the same address won the unique index
        if ((err as { code?: string; cause?: { code?: string } }).cause?.code === '23505') {
          const raced = await repo.findUserByEmail(input.email);
          if (raced) return linkSent(raced);
        }
        throw err;
      }
      await sendConfirmation(user, meta.baseUrl);
      const session = await sessions.create(user.id, { ip: meta.ip, userAgent: meta.userAgent });
      await audit(db, {
        actorId: user.id,
        action: 'auth.register',
        entityType: 'user',
        entityId: user.id,
        ip: meta.ip,
      });
      return { kind: 'created', user: toPublicUser(user), session };
    },

    /**
     * Follows a claim link. In the browser that registered (it holds the nonce) the password and
     * names chosen there are set, the address confirmed, and the browser signed in. Anywhere else
     * nothing is used: the link leads to the page that asks its follower for a password.
     */
    async followClaimLink(
      token: string,
      nonce: string | undefined,
      meta: Omit<RequestMeta, 'baseUrl'>,
    ): Promise<FollowOutcome> {
      const found = await findLink(token, [CLAIM_PURPOSE]);
      if (found.status !== 'valid') return found;
      const { row } = found;
      if (!isClaimData(row.data)) return { status: 'invalid' };
      if (!nonce || hashToken(nonce) !== row.data.nonceHash) return { status: 'set_password' };
      const user = await repo.claimAccount(row.id, row.userId, row.data, config.adminEmailDomain);
      if (!user) return { status: 'invalid' };
      const session = await signInAfterPasswordSet(user.id, meta);
      await sendPasswordNotice(user, 'link');
      await audit(db, {
        actorId: user.id,
        action: 'auth.claim_account',
        entityType: 'user',
        entityId: user.id,
        ip: meta.ip,
      });
      return { status: 'claimed', user: toPublicUser(user), session };
    },

    /**
     * Follows a confirmation link (or the set-password link of the taken-address notice). Only a
     * confirmation link followed in the registrant's own signed-in session confirms here; otherwise
     * the token stays unused and the follower is asked for a password.
     */
    async followConfirmLink(token: string, sessionUserId: string | undefined): Promise<FollowOutcome> {
      const found = await findLink(token, [CONFIRM_PURPOSE, SET_PASSWORD_PURPOSE]);
      if (found.status !== 'valid') return found;
      const { row } = found;
      if (row.purpose !== CONFIRM_PURPOSE || sessionUserId !== row.userId) return { status: 'set_password' };
      if (!(await repo.confirmEmail(row.id, row.userId, config.adminEmailDomain)))
        return { status: 'invalid' };
      await sessions.userChanged(row.userId);
      await audit(db, {
        actorId: row.userId,
        action: 'auth.confirm_email',
        entityType: 'user',
        entityId: row.userId,
      });
      return { status: 'confirmed' };
    },

    /**
     * The follower of a confirm, claim or set-password link sets the account's password: the one
     * the registrant chose is discarded, the address is confirmed (a company-domain account becomes
     * admin only now), every other session of the account ends, and the follower is signed in.
     */
    async setPasswordFromLink(token: string, password: string, meta: Omit<RequestMeta, 'baseUrl'>) {
      const found = await findLink(token, LINK_PURPOSES);
      if (found.status !== 'valid') throw new ValidationError(linkMessages[found.status]);
      const { row } = found;
      const passwordHash = await hashPassword(password);
      const user = await repo.setPasswordFromLink(row.id, row.userId, passwordHash, config.adminEmailDomain);
      if (!user) throw new ValidationError(linkMessages.invalid);
      await repo.clearAccountFailures(user.email);
      const session = await signInAfterPasswordSet(user.id, meta);
      await sendPasswordNotice(user, 'link');
      await audit(db, {
        actorId: user.id,
        action: 'auth.set_password_from_link',
        entityType: 'user',
        entityId: user.id,
        data: { purpose: row.purpose },
        ip: meta.ip,
      });
      return { user: toPublicUser(user), session };
    },

    /**
     * The signed-in user sets their account's password (the contractor profile wizard's first
     * step): hashed as every password here; every other session of the account ends, the one
     * given (the caller's) stays signed in.
     */
    async setPassword(
      userId: string,
      password: string,
      meta: { keepSessionId?: string; ip?: string } = {},
    ): Promise<void> {
      const passwordHash = await hashPassword(password);
      const user = await repo.setPasswordHash(userId, passwordHash);
      if (!user) throw new UnauthorizedError();
      if (meta.keepSessionId) await sessions.revokeOthersForUser(userId, meta.keepSessionId);
      else await sessions.revokeAllForUser(userId);
      await sendPasswordNotice(user, 'signed_in');
      await audit(db, {
        actorId: userId,
        action: 'auth.password_set',
        entityType: 'user',
        entityId: userId,
        ip: meta.ip,
      });
    },

    /**
     * A signed-in user proves they know the account's current password before a sensitive change
     * (a contractor's new bank details). A wrong password counts as a failed sign-in of that
     * account from that client, so a stolen session cannot guess the password faster than the
     * sign-in form: the same waits apply (LoginThrottledError, 429) and a right one clears them.
     * Answers whether the password is right.
     */
    async checkCurrentPassword(
      userId: string,
      password: string,
      meta: { ip?: string } = {},
    ): Promise<boolean> {
      const user = await repo.findUserById(userId);
      if (!user) throw new UnauthorizedError();
      const ip = meta.ip ?? 'unknown';
      await passwordCheckGate(user.email, ip);
      const ok = user.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!ok) {
        await audit(db, {
          actorId: userId,
          action: 'auth.password_check_failed',
          entityType: 'user',
          entityId: userId,
          ip: meta.ip,
        });
        return false;
      }
      await repo.clearClientFailures(user.email, ip);
      return true;
    },

    /**
     * "Forgot password?": a one-use link, valid one hour, goes to the address when it has an
     * account; the caller is told the same either way (routes answer with `resetSent`). Asking
     * again replaces the earlier link.
     */
    async forgotPassword(email: string, meta: RequestMeta): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (!user) return;
      await sendResetLink(user, meta.baseUrl);
      await audit(db, {
        actorId: null,
        action: 'auth.password_reset_requested',
        entityType: 'user',
        entityId: user.id,
        ip: meta.ip,
      });
    },

    /**
     * The follower of a "Forgot password?" link sets the account's password: the address is
     * proven (confirmed; a company-domain account becomes admin), every mailed link and every
     * session of the account end, and the address is told. Nobody is signed in: the person signs
     * in with the new password.
     */
    async resetPassword(token: string, password: string, meta: Omit<RequestMeta, 'baseUrl'>): Promise<void> {
      const found = await findLink(token, [RESET_PURPOSE]);
      if (found.status !== 'valid') throw new ValidationError(resetLinkMessages[found.status]);
      const { row } = found;
      const passwordHash = await hashPassword(password);
      const user = await repo.setPasswordFromLink(row.id, row.userId, passwordHash, config.adminEmailDomain);
      if (!user) throw new ValidationError(resetLinkMessages.invalid);
      // the owner proved the mailbox: the account-wide sign-in cap (guesses by others) is lifted
      await repo.clearAccountFailures(user.email);
      await sessions.revokeAllForUser(user.id);
      await sendPasswordNotice(user, 'reset');
      await audit(db, {
        actorId: user.id,
        action: 'auth.password_reset',
        entityType: 'user',
        entityId: user.id,
        ip: meta.ip,
      });
    },

    /**
     * The account's password was set outside this service (the create-admin CLI): its mailed
     * links stop working and its address is told.
     */
    async passwordSetByOperator(userId: string): Promise<void> {
      await repo.retireLinks(userId);
      const user = await repo.findUserById(userId);
      if (user) await sendPasswordNotice(user, 'operator');
    },

    /**
     * A homeowner who applied to the contractor network becomes a contractor (users.userType);
     * an admin or a contractor stays as they are. Cached sessions of the user see the change.
     */
    async becomeContractor(userId: string, meta: { ip?: string } = {}): Promise<void> {
      if (!(await repo.homeownerBecomesContractor(userId))) return;
      await sessions.userChanged(userId);
      await audit(db, {
        actorId: userId,
        action: 'auth.became_contractor',
        entityType: 'user',
        entityId: userId,
        ip: meta.ip,
      });
    },

    async resendConfirmation(current: ResolvedSession, baseUrl: string) {
      if (current.user.isVerified) throw new ValidationError(authServiceMessages.alreadyConfirmed);
      await sendConfirmation(current.user, baseUrl);
    },

    async logout(token: string | undefined) {
      if (token) await sessions.revoke(token);
    },

    requireCurrent(session: ResolvedSession | null): ResolvedSession {
      if (!session) throw new UnauthorizedError('You are not signed in.');
      return session;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
