import type { PublicUser } from '../../../domain/auth/schemas';
import { resetLinkMessages } from '../../../domain/auth/schemas';
import type { ArrayPageQuery } from '../../../domain/lists';
import { audit } from '../../platform/audit';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/passwords';
import type { ResolvedSession, SessionStore } from '../../platform/auth/session-store';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { TooManyRequestsError, UnauthorizedError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/types';
import { createAccountLinks } from './account-links';
import { createAuthRepo } from './auth.repo';
import { type AccountCap, LOGIN_WINDOW_MS, type LoginRefusal, loginRefusal } from './login-throttle';

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

export type NewSession = { token: string; expiresAt: Date };

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

export interface UserRow {
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

/**
 * The audit log's line for an act on an account: by its owner unless `actorId` says otherwise
 * (null: someone not signed in, e.g. a registration of an address that has an account).
 */
export async function auditAccount(
  db: Db,
  action: string,
  userId: string,
  opts: { actorId?: string | null; ip?: string; data?: Record<string, unknown> } = {},
): Promise<void> {
  const { actorId = userId, ip, data } = opts;
  await audit(db, { actorId, action, entityType: 'user', entityId: userId, ip, data });
}

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  /** Origin the links in mails point at. */
  baseUrl: string;
}

export interface AuthDeps {
  db: Db;
  sessions: SessionStore;
  mailer: Mailer;
  config: Config;
  /** The clock of the sign-in throttle and link expiry; tests pass their own. */
  now?: () => Date;
}

/**
 * Accounts and sign-in: the user list, sign-in with its throttle, sign-out, the session required,
 * and the passwords and roles other features change through auth (the one owner of users). The
 * links mailed to an address (registration, confirmation, reset) are registration.service.ts's.
 */
export function createAuthService(deps: AuthDeps) {
  const { db, sessions, mailer, config } = deps;
  const accountCap: AccountCap = config.loginAccountCap;
  const now = deps.now ?? (() => new Date());
  const repo = createAuthRepo(db);
  const { sendPasswordNotice } = createAccountLinks({ repo, sessions, mailer, config, now });

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
    /** GET /api/users: a page of every account, newest first, and the cursor of the next one. */
    async listUsers(page: ArrayPageQuery): Promise<{ items: PublicUser[]; nextCursor: string | null }> {
      const { rows, nextCursor } = await repo.usersPage(page.cursor, page.limit);
      return { items: rows.map(toPublicUser), nextCursor };
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
      await auditAccount(db, 'auth.login', user.id, { ip: meta.ip });
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
      await auditAccount(db, 'auth.password_set', userId, { ip: meta.ip });
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
        await auditAccount(db, 'auth.password_check_failed', userId, { ip: meta.ip });
        return false;
      }
      await repo.clearClientFailures(user.email, ip);
      return true;
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
    /** True when the account has a password (chosen at registration or set since). */
    async hasPassword(userId: string): Promise<boolean> {
      return Boolean((await repo.findUserById(userId))?.passwordHash);
    },

    async becomeContractor(userId: string, meta: { ip?: string } = {}): Promise<void> {
      if (!(await repo.homeownerBecomesContractor(userId))) return;
      await sessions.userChanged(userId);
      await auditAccount(db, 'auth.became_contractor', userId, { ip: meta.ip });
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
