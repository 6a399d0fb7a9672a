import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { users } from '../../platform/db/schema';

export interface HomeownerContact {
  email: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
}

export interface HomeownerAccount {
  /**
   * The account the request is attached to; null while the address's account is not confirmed
   * (the request is kept by e-mail, and attached by the features that own it once the address is
   * confirmed: AddressConfirmedHook below).
   */
  id: string | null;
  /** True when this call created the account (without a password: claimable through /register). */
  created: boolean;
  /** True when the account has no password yet. */
  claimable: boolean;
  userType: 'homeowner' | 'contractor' | 'admin';
}

type Executor = Pick<Db, 'select' | 'insert' | 'update'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An account whose address its owner just proved (with a confirm, claim, set-password or reset link). */
export interface ConfirmedAddress {
  userId: string;
  email: string;
}

/**
 * What another feature does once an address is proven, inside auth's transaction that confirms
 * it (a failure rolls the confirmation back): the projects and install requests kept by e-mail
 * while the account was unconfirmed are attached to it, each by the feature that owns them.
 * services.ts registers them with the registration service; auth.repo runs them.
 */
export type AddressConfirmedHook = (tx: Tx, account: ConfirmedAddress) => Promise<void>;

/**
 * The account a homeowner's request belongs to, found by e-mail (case-insensitive). When there is
 * none, a homeowner account WITHOUT a password is created: nobody can sign in to it until its owner
 * claims it through /register and proves the address with the mailed link. An existing account is
 * never changed, except that missing names and phone of a passwordless account are filled in.
 *
 * An account that has a password but has not confirmed its address gets nothing: anyone can
 * register any address, so such an account may belong to a stranger. Its id is null then, and the
 * request waits, kept by e-mail, until the address is confirmed.
 */
export async function findOrCreateHomeowner(
  db: Executor,
  contact: HomeownerContact,
): Promise<HomeownerAccount> {
  const email = contact.email.trim().toLowerCase();
  const find = async () => {
    const [row] = await db
      .select({
        id: users.id,
        passwordHash: users.passwordHash,
        isVerified: users.isVerified,
        userType: users.userType,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
      })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    return row;
  };
  const existing = await find();
  if (existing) {
    if (!existing.passwordHash) {
      const fill = {
        ...(!existing.firstName && contact.firstName ? { firstName: contact.firstName } : {}),
        ...(!existing.lastName && contact.lastName ? { lastName: contact.lastName } : {}),
        ...(!existing.phone && contact.phone ? { phone: contact.phone } : {}),
      };
      if (Object.keys(fill).length > 0) {
        await db
          .update(users)
          .set({ ...fill, updatedAt: new Date() })
          .where(eq(users.id, existing.id));
      }
    }
    return {
      id: existing.passwordHash && !existing.isVerified ? null : existing.id,
      created: false,
      claimable: !existing.passwordHash,
      userType: existing.userType,
    };
  }
  const [inserted] = await db
    .insert(users)
    .values({
      email,
      firstName: contact.firstName,
      lastName: contact.lastName,
      phone: contact.phone,
      userType: 'homeowner',
      passwordHash: null,
    })
    // a concurrent request for the same address created it first: use that one
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted) return { id: inserted.id, created: true, claimable: true, userType: 'homeowner' };
  const raced = await find();
  if (!raced) throw new Error('homeowner account vanished after a conflicting insert');
  return {
    id: raced.passwordHash && !raced.isVerified ? null : raced.id,
    created: false,
    claimable: !raced.passwordHash,
    userType: raced.userType,
  };
}
