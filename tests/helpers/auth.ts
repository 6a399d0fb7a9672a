import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/server/platform/auth/passwords';
import { SESSION_COOKIE } from '../../src/server/platform/auth/session-store';
import { users } from '../../src/server/platform/db/schema';
import type { Platform } from '../../src/server/platform/platform';

let cachedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct horse battery';

/** Inserts a user (password TEST_PASSWORD) and returns it with a live session cookie. */
export async function createUserWithSession(
  platform: Platform,
  values: {
    email: string;
    userType?: 'homeowner' | 'contractor' | 'admin';
    firstName?: string;
    isVerified?: boolean;
  },
) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await platform.db
    .insert(users)
    .values({
      email: values.email,
      firstName: values.firstName ?? 'Test',
      lastName: 'User',
      userType: values.userType ?? 'homeowner',
      isVerified: values.isVerified ?? true,
      passwordHash: await cachedHash,
    })
    .returning();
  if (!user) throw new Error('user insert failed');
  const session = await platform.sessions.create(user.id);
  return { user, token: session.token, cookie: `${SESSION_COOKIE}=${session.token}` };
}

/** The session cookie value set by a response, if any. */
export function sessionCookieFrom(response: {
  cookies: { name: string; value: string }[];
}): string | undefined {
  const c = response.cookies.find((x) => x.name === SESSION_COOKIE && x.value !== '');
  return c ? `${SESSION_COOKIE}=${c.value}` : undefined;
}

export async function login(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}
