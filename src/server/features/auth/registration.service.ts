import { randomBytes } from 'node:crypto';
import { linkMessages, resetLinkMessages } from '../../../domain/auth/schemas';
import { hashPassword } from '../../platform/auth/passwords';
import type { ResolvedSession } from '../../platform/auth/session-store';
import { hashToken } from '../../platform/auth/session-store';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { ValidationError } from '../../platform/errors';
import {
  CLAIM_PURPOSE,
  CONFIRM_PURPOSE,
  createAccountLinks,
  isClaimData,
  SET_PASSWORD_PURPOSE,
} from './account-links';
import { createAuthRepo, LINK_PURPOSES, RESET_PURPOSE } from './auth.repo';
import {
  type AuthDeps,
  auditAccount,
  authServiceMessages,
  type FollowOutcome,
  type RegisterResult,
  type RequestMeta,
  toPublicUser,
  type UserRow,
} from './auth.service';
import type { AddressConfirmedHook } from './homeowner-accounts';

/**
 * The links mailed to an address: registration (a new account, or a claim of an address already
 * known), confirmation, set-password and password reset, and the resend of a confirmation.
 */
export function createRegistrationService(
  deps: AuthDeps & {
    /** What the features holding records kept by e-mail do when an address is confirmed (services.ts). */
    onAddressConfirmed: readonly AddressConfirmedHook[];
  },
) {
  const { db, sessions, mailer, config } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = createAuthRepo(db, deps.onAddressConfirmed);
  const {
    findLink,
    signInAfterPasswordSet,
    sendConfirmation,
    sendClaimLink,
    sendTakenNotice,
    sendPasswordNotice,
    sendResetLink,
  } = createAccountLinks({ repo, sessions, mailer, config, now });

  /**
   * The end of every flow in which a mailed link set the account's password (a claim, a confirm
   * or set-password link, a reset): its follower proved the mailbox, so the account-wide sign-in
   * cap (strangers' guesses) is lifted; the address is told; the act goes to the audit log.
   */
  async function passwordSetByLink(
    user: UserRow,
    notice: 'link' | 'reset',
    action: string,
    entry: { ip?: string; data?: Record<string, unknown> },
  ): Promise<void> {
    await repo.clearAccountFailures(user.email);
    await sendPasswordNotice(user, notice);
    await auditAccount(db, action, user.id, entry);
  }

  return {
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
        const action = existing.passwordHash ? 'auth.register_taken' : 'auth.claim_requested';
        await auditAccount(db, action, existing.id, { actorId: null, ip: meta.ip });
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
        if (isUniqueViolation(err)) {
          const raced = await repo.findUserByEmail(input.email);
          if (raced) return linkSent(raced);
        }
        throw err;
      }
      await sendConfirmation(user, meta.baseUrl);
      const session = await sessions.create(user.id, { ip: meta.ip, userAgent: meta.userAgent });
      await auditAccount(db, 'auth.register', user.id, { ip: meta.ip });
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
      await passwordSetByLink(user, 'link', 'auth.claim_account', { ip: meta.ip });
      const session = await signInAfterPasswordSet(user.id, meta);
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
      await auditAccount(db, 'auth.confirm_email', row.userId);
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
      await passwordSetByLink(user, 'link', 'auth.set_password_from_link', {
        ip: meta.ip,
        data: { purpose: row.purpose },
      });
      const session = await signInAfterPasswordSet(user.id, meta);
      return { user: toPublicUser(user), session };
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
      await auditAccount(db, 'auth.password_reset_requested', user.id, { actorId: null, ip: meta.ip });
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
      await sessions.revokeAllForUser(user.id);
      await passwordSetByLink(user, 'reset', 'auth.password_reset', { ip: meta.ip });
    },

    async resendConfirmation(current: ResolvedSession, baseUrl: string) {
      if (current.user.isVerified) throw new ValidationError(authServiceMessages.alreadyConfirmed);
      await sendConfirmation(current.user, baseUrl);
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
