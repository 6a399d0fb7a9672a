import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { listMessages } from '../../../domain/lists';
import { contractorProfiles, messages, projects } from '../../platform/db/schema';

/**
 * Issue 26 #1-2: the spec's array calls of a homeowner's and a contractor's projects and of a
 * user's messages answer 100 at most, the next page in a `Link: <...>; rel="next"` header, with
 * no duplicate and no gap (rows made in the same microsecond are told apart by their key).
 */

let ctx: TestContext;
const who = { homeowner: '', contractor: '', admin: '', stranger: '' };
const ids = { homeowner: '', contractorUser: '', profile: '' };
const SAME_MOMENT = new Date('2026-02-10T09:00:00.000Z');
const PROJECTS = 130;
const MESSAGES = 230;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  const owner = await createUserWithSession(ctx.platform, { email: 'dana@owner.example' });
  const crew = await createUserWithSession(ctx.platform, {
    email: 'crew@roof.example',
    userType: 'contractor',
  });
  who.homeowner = owner.cookie;
  who.contractor = crew.cookie;
  who.admin = (await createUserWithSession(ctx.platform, { email: 'ops@r.test', userType: 'admin' })).cookie;
  who.stranger = (await createUserWithSession(ctx.platform, { email: 'sam@owner.example' })).cookie;
  ids.homeowner = owner.user.id;
  ids.contractorUser = crew.user.id;
  const [profile] = await ctx.platform.db
    .insert(contractorProfiles)
    .values({
      userId: crew.user.id,
      companyName: 'Crew Roofing',
      contactName: 'Casey Crew',
      contactEmail: 'crew@roof.example',
      contactPhone: '(214) 555-0101',
      businessAddress: '1 Main St, Dallas, TX 75201',
    })
    .returning({ id: contractorProfiles.id });
  ids.profile = profile?.id as string;
  const made = await ctx.platform.db
    .insert(projects)
    .values(
      Array.from({ length: PROJECTS }, (_, i) => ({
        title: `SWRX-PAGING-${i}`,
        address: `${i} Elm St`,
        homeownerId: owner.user.id,
        contractorId: i % 2 === 0 ? ids.profile : null,
        createdAt: i < 30 ? SAME_MOMENT : new Date(SAME_MOMENT.getTime() - i * 60_000),
      })),
    )
    .returning({ id: projects.id });
  const projectId = made[0]?.id as string;
  await ctx.platform.db.insert(messages).values(
    Array.from({ length: MESSAGES }, (_, i) => ({
      projectId,
      senderId: i % 2 === 0 ? owner.user.id : crew.user.id,
      receiverId: i % 2 === 0 ? crew.user.id : owner.user.id,
      content: `message ${i}`,
      createdAt: i < 40 ? SAME_MOMENT : new Date(SAME_MOMENT.getTime() + i * 1000),
    })),
  );
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

/** Follows rel="next" from `path` to the last page; every page is an array of at most `max`. */
async function walk(path: string, cookie: string, max = 100) {
  const pages: { id: string; createdAt: string }[][] = [];
  let url: string | null = path;
  while (url) {
    const res = await get(url, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { id: string; createdAt: string }[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeLessThanOrEqual(max);
    pages.push(list);
    const link = res.headers.link as string | undefined;
    url = link ? (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? null) : null;
    if (link) expect(url, link).toMatch(new RegExp(`^${path.split('?')[0]}\\?(.*&)?cursor=[\\w-]+`));
  }
  return pages;
}

describe(`a homeowner's, a contractor's projects and a user's messages, paged, on ${testDbKind}`, () => {
  it('GET /api/projects/homeowner/{userId}: 100, then the rest through rel="next", newest first', async () => {
    const pages = await walk(`/api/projects/homeowner/${ids.homeowner}`, who.homeowner);
    expect(pages.map((p) => p.length)).toEqual([100, PROJECTS - 100]);
    const all = pages.flat();
    expect(new Set(all.map((p) => p.id)).size).toBe(PROJECTS);
    const moments = all.map((p) => Date.parse(p.createdAt));
    expect(moments).toEqual([...moments].sort((a, b) => b - a));
    // a smaller limit walks the same list in the same order
    const small = await walk(`/api/projects/homeowner/${ids.homeowner}?limit=7`, who.homeowner, 7);
    expect(small.length).toBe(Math.ceil(PROJECTS / 7));
    expect(small.flat().map((p) => p.id)).toEqual(all.map((p) => p.id));
    // an admin pages it likewise; another homeowner is refused
    expect((await walk(`/api/projects/homeowner/${ids.homeowner}`, who.admin)).flat().length).toBe(PROJECTS);
    expect((await get(`/api/projects/homeowner/${ids.homeowner}`, who.stranger)).statusCode).toBe(403);
  });

  it('GET /api/projects/contractor/{id}: by profile id and by user id, the same pages', async () => {
    const byProfile = await walk(`/api/projects/contractor/${ids.profile}?limit=20`, who.contractor, 20);
    const byUser = await walk(`/api/projects/contractor/${ids.contractorUser}?limit=20`, who.contractor, 20);
    const mine = PROJECTS / 2;
    expect(byProfile.length).toBe(Math.ceil(mine / 20));
    expect(new Set(byProfile.flat().map((p) => p.id)).size).toBe(mine);
    expect(byUser.flat().map((p) => p.id)).toEqual(byProfile.flat().map((p) => p.id));
    expect((await walk(`/api/projects/contractor/${ids.profile}`, who.contractor)).length).toBe(1);
  });

  it('GET /api/messages/user/{userId}: the newest 100 oldest first, older ones through rel="next"', async () => {
    for (const cookie of [who.homeowner, who.contractor]) {
      const id = cookie === who.homeowner ? ids.homeowner : ids.contractorUser;
      const pages = await walk(`/api/messages/user/${id}`, cookie);
      expect(pages.map((p) => p.length)).toEqual([100, 100, MESSAGES - 200]);
      for (const page of pages) {
        const m = page.map((x) => Date.parse(x.createdAt));
        expect(m).toEqual([...m].sort((a, b) => a - b));
      }
      // each next page is older than the one before
      expect(Date.parse(pages[1]?.at(-1)?.createdAt ?? '')).toBeLessThanOrEqual(
        Date.parse(pages[0]?.[0]?.createdAt ?? ''),
      );
      expect(new Set(pages.flat().map((x) => x.id)).size).toBe(MESSAGES);
    }
    expect((await get(`/api/messages/user/${ids.homeowner}`, who.stranger)).statusCode).toBe(403);
  });

  it('answers 400 in the contract form to hostile cursors and limits', async () => {
    const paths = [
      `/api/projects/homeowner/${ids.homeowner}`,
      `/api/projects/contractor/${ids.profile}`,
      `/api/messages/user/${ids.homeowner}`,
    ];
    const foreign = Buffer.from(JSON.stringify(['name.asc', 'x', 1])).toString('base64url');
    const badMoment = Buffer.from(JSON.stringify(['newest', "2026'; drop table users;--", 1])).toString(
      'base64url',
    );
    for (const path of paths) {
      for (const q of [
        `cursor=${foreign}`,
        `cursor=${badMoment}`,
        'cursor=%00%FF',
        `cursor=${'a'.repeat(500)}`,
      ]) {
        const res = await get(`${path}?${q}`, who.admin);
        expect(res.statusCode, `${path}?${q}`).toBe(400);
        expect(res.json()).toMatchObject({ message: listMessages.cursorInvalid });
      }
      for (const q of ['limit=0', 'limit=101', 'limit=abc']) {
        expect((await get(`${path}?${q}`, who.admin)).statusCode, `${path}?${q}`).toBe(400);
      }
    }
  });
});
