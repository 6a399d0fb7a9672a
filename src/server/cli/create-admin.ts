/**
 * npm run create-admin -- <email> [--password <password>] [--first-name A] [--last-name B]
 * Makes an existing account an admin, or creates a confirmed admin account (printing a
 * generated password when none is given). The only way to an admin besides confirming a
 * company-domain address.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { emailSchema } from '../../domain/auth/schemas';
import { DEMO_PASSWORD } from '../features/seed/demo-data';
import { audit } from '../platform/audit';
import { hashPassword } from '../platform/auth/passwords';
import { loadConfig } from '../platform/config';
import { users } from '../platform/db/schema';
import { createPlatform } from '../platform/platform';
import { createServices } from '../services';
import { runCli } from './run-cli';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const parsedEmail = emailSchema.safeParse(positionals[0] ?? '');
  if (!parsedEmail.success) {
    console.error('Usage: npm run create-admin -- <email> [--password <password>]');
    console.error(parsedEmail.error.issues[0]?.message ?? 'A valid email address is required.');
    return 2;
  }
  if (values.password !== undefined && values.password.length < 8) {
    console.error('Password must be at least 8 characters');
    return 2;
  }
  const email = parsedEmail.data;
  const config = loadConfig();
  if (config.nodeEnv === 'production' && values.password === DEMO_PASSWORD) {
    console.error('The demo password is published: choose another one for a production admin.');
    return 2;
  }
  const platform = await createPlatform(config, { runWorkers: false });
  try {
    const [existing] = await platform.db.select().from(users).where(eq(users.email, email)).limit(1);
    const password =
      values.password ?? (existing?.passwordHash ? undefined : randomBytes(12).toString('base64url'));
    const passwordHash = password ? await hashPassword(password) : undefined;
    const now = new Date();
    let userId: string;
    if (existing) {
      await platform.db
        .update(users)
        .set({
          userType: 'admin',
          isVerified: true,
          emailVerifiedAt: existing.emailVerifiedAt ?? now,
          updatedAt: now,
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, existing.id));
      userId = existing.id;
      console.log(`${email} is now an admin.`);
    } else {
      const [created] = await platform.db
        .insert(users)
        .values({
          email,
          passwordHash,
          firstName: values['first-name'] ?? 'Admin',
          lastName: values['last-name'] ?? null,
          userType: 'admin',
          isVerified: true,
          emailVerifiedAt: now,
        })
        .returning({ id: users.id });
      userId = (created as { id: string }).id;
      console.log(`Created admin ${email}.`);
    }
    if (password && !values.password) console.log(`Generated password: ${password}`);
    await platform.sessions.userChanged(userId);
    // a password set here: the account's mailed links die and its address is told
    if (passwordHash) await createServices(platform).auth.passwordSetByOperator(userId);
    await audit(platform.db, {
      action: 'admin.create',
      entityType: 'user',
      entityId: userId,
      data: { via: 'cli' },
    });
    return 0;
  } finally {
    await platform.close();
  }
}

runCli(main, 'npm run create-admin');
