import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { contractorListSchema } from '../../../domain/contractors/credentials';
import { contractorProfiles, users } from '../../platform/db/schema';
import { createServices } from '../../services';
import { demoContractors } from '../seed/demo-data';

let ctx: TestContext;
let admin: string;
let homeowner: string;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  await createServices(ctx.platform).seed.seedDemoDataIfEmpty();
  admin = (await createUserWithSession(ctx.platform, { email: 'ops@ridgeline.test', userType: 'admin' }))
    .cookie;
  homeowner = (await createUserWithSession(ctx.platform, { email: 'pat@owner.example' })).cookie;
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe(`the admins' lists on ${testDbKind} (spec 2 §7 GET /api/users, GET /api/contractors)`, () => {
  it('lists every account, newest first, as the API shows a user (no password hash)', async () => {
    const res = await get('/api/users', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; userType: string; createdAt: string }[];
    expect(list).toHaveLength((await ctx.platform.db.select().from(users)).length);
    expect(new Set(list.map((u) => u.userType))).toEqual(new Set(['homeowner', 'contractor', 'admin']));
    expect(list.map((u) => u.createdAt)).toEqual([...list.map((u) => u.createdAt)].sort().reverse());
    expect(res.body).not.toMatch(/password|\$argon2/i);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ['createdAt', 'email', 'firstName', 'id', 'isVerified', 'lastName', 'phone', 'userType'].sort(),
    );
  });

  it('lists every contractor in full, with bank and tax numbers as their last four digits only', async () => {
    const res = await get('/api/contractors', admin);
    expect(res.statusCode).toBe(200);
    const list = contractorListSchema.parse(res.json());
    expect(list).toHaveLength((await ctx.platform.db.select().from(contractorProfiles)).length);
    expect(new Set(list.map((c) => c.verificationStatus))).toEqual(
      new Set(['verified', 'pending', 'rejected']),
    );
    const lonestar = list.find((c) => c.companyName === demoContractors[0]?.companyName);
    const banking = demoContractors[0]?.banking;
    expect(lonestar?.banking).toMatchObject({
      routingNumberLast4: banking?.routingNumber.slice(-4),
      accountNumberLast4: banking?.accountNumber.slice(-4),
    });
    for (const c of demoContractors) {
      if (c.banking) {
        expect(res.body).not.toContain(c.banking.routingNumber);
        expect(res.body).not.toContain(c.banking.accountNumber);
      }
      const ein = c.taxInfo?.ein?.replace(/\D/g, '');
      if (ein) expect(res.body).not.toContain(ein);
    }
  });

  it('refuses everyone but admins', async () => {
    for (const url of ['/api/users', '/api/contractors']) {
      expect((await get(url, homeowner)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });
});
