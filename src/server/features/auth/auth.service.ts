import { randomBytes } from 'node:crypto';
import type { PublicUser } from '../../../domain/auth/schemas';
import { audit } from '../../platform/audit';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/passwords';
import type { ResolvedSession, SessionStore } from '../../platform/auth/session-store';
import { hashToken } from '../../platform/auth/session-store';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import {
  ConflictError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../platform/errors';
import type { Mailer } from '../../platform/mail/types';
import { createAuthRepo } from './auth.repo';

export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const CONFIRM_PURPOSE = 'confirm_email';
const CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
export const CLAIM_PURPOSE = 'claim_account';
export const CLAIM_TTL_MS = 48 * 60 * 60 * 1000;

export const authServiceMessages = {
  badCredentials: 'Invalid email or password.',
  tooManyFailures: 'Too many failed sign-in attempts for this email. Please wait 15 minutes and try again.',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  alreadyConfirmed: 'Your email address is already confirmed.',
  claimSent: (email: string) => `We sent a link to ${email} to finish creating your account.`,
} as const;

/** What a claim link applies once followed: nothing of it is usable before the address is proven. */
interface ClaimData {
  passwordHash: string;
  firstName: string;
  lastName: string;
}

function isClaimData(value: unknown): value is ClaimData {
  const v = value as Partial<ClaimData> | null;
  return (
    typeof v?.passwordHash === 'string' && typeof v.firstName === 'string' && typeof v.lastName === 'string'
  );
}

export type RegisterResult =
  | { kind: 'created'; user: PublicUser; session: { token: string; expiresAt: Date } }
  | { kind: 'claim_sent'; message: string };

export type ClaimOutcome =
  | { status: 'claimed'; user: PublicUser; session: { token: string; expiresAt: Date } }
  | { status: 'invalid' | 'expired' };

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

export function createAuthService(deps: { db: Db; sessions: SessionStore; mailer: Mailer; config: Config }) {
  const { db, sessions, mailer, config } = deps;
  const repo = createAuthRepo(db);

  async function sendConfirmation(user: UserRow, baseUrl: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await repo.insertEmailToken({
      userId: user.id,
      purpose: CONFIRM_PURPOSE,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
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
        'The link works for 48 hours. If you did not create this account, you can ignore this message.',
        '',
        `The ${config.brandName} team`,
      ].join('\n'),
    });
  }

  /**
   * Someone registers an address that already has a passwordless account (made by an install
   * request or a converted quote). Nothing usable is stored on the account: the new password waits
   * in a single-use link mailed to the address, and only following it sets the password.
   */
  async function sendClaimLink(
    user: UserRow,
    input: { firstName: string; lastName: string; password: string },
    baseUrl: string,
  ): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const data: ClaimData = {
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
    };
    await repo.replaceClaimToken({
      userId: user.id,
      purpose: CLAIM_PURPOSE,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + CLAIM_TTL_MS),
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
        'The link works for 48 hours and only once. If you did not ask for this, ignore this message:',
        'nothing changes until the link is opened.',
        '',
        `The ${config.brandName} team`,
      ].join('\n'),
    });
  }

  return {
    async login(email: string, password: string, meta: RequestMeta) {
      const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
      if ((await repo.countRecentFailures(email, since)) >= LOGIN_FAILURE_LIMIT) {
        throw new TooManyRequestsError(authServiceMessages.tooManyFailures);
      }
      const user = await repo.findUserByEmail(email);
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !ok) {
        await repo.recordFailure(email, meta.ip);
        throw new UnauthorizedError(authServiceMessages.badCredentials);
      }
      await repo.clearFailures(email);
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

    async register(
      input: { firstName: string; lastName: string; email: string; password: string },
      meta: RequestMeta,
    ): Promise<RegisterResult> {
      const existing = await repo.findUserByEmail(input.email);
      if (existing && !existing.passwordHash) {
        await sendClaimLink(existing, input, meta.baseUrl);
        await audit(db, {
          actorId: null,
          action: 'auth.claim_requested',
          entityType: 'user',
          entityId: existing.id,
          ip: meta.ip,
        });
        return { kind: 'claim_sent', message: authServiceMessages.claimSent(existing.email) };
      }
      if (existing) throw new ConflictError(authServiceMessages.emailTaken);
      const passwordHash = await hashPassword(input.password);
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
          throw new ConflictError(authServiceMessages.emailTaken);
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

    /** Follows a claim link: sets the password waiting in it, confirms the address and signs in. */
    async claimAccount(token: string, meta: Omit<RequestMeta, 'baseUrl'>): Promise<ClaimOutcome> {
      if (!token || token.length > 100) return { status: 'invalid' };
      const row = await repo.findEmailToken(hashToken(token), CLAIM_PURPOSE);
      if (!row || row.usedAt || !isClaimData(row.data)) return { status: 'invalid' };
      if (row.expiresAt.getTime() < Date.now()) return { status: 'expired' };
      const user = await repo.claimAccount(row.id, row.userId, row.data, config.adminEmailDomain);
      if (!user) return { status: 'invalid' };
      await sessions.userChanged(user.id);
      const session = await sessions.create(user.id, { ip: meta.ip, userAgent: meta.userAgent });
      await audit(db, {
        actorId: user.id,
        action: 'auth.claim_account',
        entityType: 'user',
        entityId: user.id,
        ip: meta.ip,
      });
      return { status: 'claimed', user: toPublicUser(user), session };
    },

    async resendConfirmation(current: ResolvedSession, baseUrl: string) {
      if (current.user.isVerified) throw new ValidationError(authServiceMessages.alreadyConfirmed);
      await sendConfirmation(current.user, baseUrl);
    },

    /** Confirms an address from the mailed link; a company-domain address becomes admin here and only here. */
    async confirmEmail(token: string): Promise<'confirmed' | 'invalid' | 'expired'> {
      if (!token || token.length > 100) return 'invalid';
      const row = await repo.findEmailToken(hashToken(token), CONFIRM_PURPOSE);
      if (!row || row.usedAt) return 'invalid';
      if (row.expiresAt.getTime() < Date.now()) return 'expired';
      if (!(await repo.confirmEmail(row.id, row.userId, config.adminEmailDomain))) return 'invalid';
      await sessions.userChanged(row.userId);
      await audit(db, {
        actorId: row.userId,
        action: 'auth.confirm_email',
        entityType: 'user',
        entityId: row.userId,
      });
      return 'confirmed';
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
