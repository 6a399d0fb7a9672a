import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { giveContractorProfile } from '../../../../tests/helpers/contractors';
import { latestMailTo } from '../../../../tests/helpers/outbox';
import { insertProject as insertProjectRow } from '../../../../tests/helpers/projects';
import {
  nextEventMatching,
  openConnectedSocket,
  type TestSocket,
} from '../../../../tests/helpers/realtime-client';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { MESSAGE_MAX_LENGTH, type Message, messageMessages } from '../../../domain/messages/schemas';
import { messages } from '../../platform/db/schema';
import { createServices } from '../../services';

interface Person {
  id: string;
  cookie: string;
}

let ctx: TestContext;
let wsBase: string;
let homeowner: Person;
let contractor: Person;
let stranger: Person;
let admin: Person;
let projectId: string;
let unassignedProjectId: string;
const sockets: TestSocket[] = [];

async function person(
  email: string,
  userType: 'homeowner' | 'contractor' | 'admin' = 'homeowner',
): Promise<Person> {
  const p = await createUserWithSession(ctx.platform, { email, userType, firstName: email.split('@')[0] });
  return { id: p.user.id, cookie: p.cookie };
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, who?: Person, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const insertProject = (homeownerId: string, contractorId: string | null) =>
  insertProjectRow(ctx.platform, {
    status: contractorId ? 'in_progress' : 'pending',
    homeownerId,
    contractorId,
  });

async function socketOf(who: { cookie: string }): Promise<TestSocket> {
  const s = await openConnectedSocket(wsBase, who.cookie);
  sockets.push(s);
  return s;
}

const eventOn = nextEventMatching;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  wsBase = address.replace(/^http/, 'ws');
  homeowner = await person('jordan@owner.example');
  stranger = await person('sam@stranger.example');
  admin = await person('ops@ridgeline.test', 'admin');
  contractor = await person('casey@crew.example', 'contractor');
  const profileId = await giveContractorProfile(ctx.platform, contractor.id, {
    companyName: 'Crew Roofing',
    businessZip: '75201',
    workingStates: ['Texas'],
    travelDistance: 50,
  });
  projectId = await insertProject(homeowner.id, profileId);
  unassignedProjectId = await insertProject(homeowner.id, null);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx?.close();
});

describe(`messages on ${testDbKind}`, () => {
  it('a homeowner writes to the assigned contractor and back; sender and receiver come from the session and the project', async () => {
    const ownerSocket = await socketOf(homeowner);
    const crewSocket = await socketOf(contractor);
    const sent = await call('POST', '/api/messages', homeowner, {
      projectId,
      content: '  When can the crew start?  ',
      // the spec's payload names both ends; a forged pair changes nothing
      senderId: stranger.id,
      receiverId: stranger.id,
      messageType: 'text',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json() as Message;
    expect(message).toMatchObject({
      projectId,
      senderId: homeowner.id,
      receiverId: contractor.id,
      content: 'When can the crew start?',
      messageType: 'text',
      isRead: false,
      readAt: null,
      sender: { firstName: 'jordan' },
    });
    // both ends hear of it at once
    await eventOn(crewSocket, { type: 'message_created', messageId: message.id, projectId });
    await eventOn(ownerSocket, { type: 'message_created', messageId: message.id, projectId });

    const reply = await call('POST', '/api/messages', contractor, { projectId, content: 'Monday at 8.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ senderId: contractor.id, receiverId: homeowner.id });

    // each sees the conversation, oldest first; the stranger sees nothing of it
    for (const who of [homeowner, contractor]) {
      const list = await call('GET', `/api/messages/user/${who.id}`, who);
      expect(list.statusCode).toBe(200);
      const contents = (list.json() as Message[])
        .filter((m) => m.projectId === projectId)
        .map((m) => m.content);
      expect(contents).toEqual(['When can the crew start?', 'Monday at 8.']);
    }
    expect(await call('GET', `/api/messages/user/${stranger.id}`, stranger).then((r) => r.json())).toEqual(
      [],
    );
  });

  it('refuses blank, too long and project-less messages with the reason on the field, and stores nothing', async () => {
    const before = (await ctx.platform.db.select().from(messages)).length;
    const cases: [unknown, string, string][] = [
      [{ projectId, content: '   \n\t ' }, 'content', messageMessages.empty],
      [{ projectId }, 'content', messageMessages.empty],
      [{ projectId, content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, 'content', messageMessages.tooLong],
      [{ content: 'Hello' }, 'projectId', messageMessages.projectRequired],
      [{ projectId: 'not-a-uuid', content: 'Hello' }, 'projectId', messageMessages.projectRequired],
      [{ projectId, content: 'Hello', messageType: 'image' }, 'messageType', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/api/messages', homeowner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const errors = res.json().fieldErrors?.[field];
      expect(errors, JSON.stringify(res.json())).toBeDefined();
      if (message) expect(errors).toContain(message);
    }
    expect((await ctx.platform.db.select().from(messages)).length).toBe(before);
  });

  it("answers 'No recipient found for this project.' before a contractor is assigned", async () => {
    const res = await call('POST', '/api/messages', homeowner, {
      projectId: unassignedProjectId,
      content: 'Anyone?',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: messageMessages.noRecipient });
  });

  it('hides a project from anyone outside it, refuses admins in the conversation, and refuses signed-out callers', async () => {
    const body = { projectId, content: 'Hello' };
    expect((await call('POST', '/api/messages', stranger, body)).statusCode).toBe(404);
    const asAdmin = await call('POST', '/api/messages', admin, body);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toBe(messageMessages.notParticipant);
    expect((await call('POST', '/api/messages', undefined, body)).statusCode).toBe(401);
    expect((await call('GET', `/api/messages/user/${homeowner.id}`, stranger)).statusCode).toBe(403);
    expect((await call('GET', `/api/messages/user/${homeowner.id}`, admin)).statusCode).toBe(200);
  });

  it('the receiver marks a message read once; the sender hears of it; nobody else can', async () => {
    const crewSocket = await socketOf(contractor);
    const sent = (
      await call('POST', '/api/messages', contractor, { projectId, content: 'Shingles arrive Friday.' })
    ).json() as Message;
    expect(await call('GET', '/api/messages/unread', homeowner).then((r) => r.json())).toMatchObject({
      byProject: { [projectId]: expect.any(Number) },
    });
    const unreadBefore = (await call('GET', '/api/messages/unread', homeowner)).json().total as number;

    for (const who of [contractor, stranger, admin]) {
      expect((await call('PUT', `/api/messages/${sent.id}`, who, { isRead: true })).statusCode).toBe(404);
    }
    expect((await call('PUT', `/api/messages/${sent.id}`, homeowner, { isRead: false })).statusCode).toBe(
      400,
    );
    const read = await call('PUT', `/api/messages/${sent.id}`, homeowner, { isRead: true });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: sent.id, isRead: true, readAt: expect.any(String) });
    await eventOn(crewSocket, { type: 'message_read', messageId: sent.id });
    const again = await call('PUT', `/api/messages/${sent.id}`, homeowner, { isRead: true });
    expect(again.json().readAt).toBe(read.json().readAt);
    expect((await call('GET', '/api/messages/unread', homeowner)).json().total).toBe(unreadBefore - 1);
    expect((await call('PUT', '/api/messages/not-a-uuid', homeowner, { isRead: true })).statusCode).toBe(404);
  });

  it('mails the receiver what is still unread, once, grouped by project with a link; read messages are left out', async () => {
    const services = createServices(ctx.platform);
    // whatever earlier tests left unread is mailed first, so this test starts from nothing
    await services.messages.sendDigest(homeowner.id);
    expect(await services.messages.sendDigest(homeowner.id)).toBe(0);

    const send = async (content: string) =>
      (await call('POST', '/api/messages', contractor, { projectId, content })).json() as Message;
    const read = await send('Dumpster arrives at 7.');
    await send('Please move the car from the driveway.');
    await send('Crew of five, done by Thursday.');
    expect((await call('PUT', `/api/messages/${read.id}`, homeowner, { isRead: true })).statusCode).toBe(200);

    expect(await services.messages.sendDigest(homeowner.id)).toBe(2);
    const mail = await latestMailTo(ctx.platform, 'jordan@owner.example');
    expect(mail?.subject).toBe('2 unread messages on Ridgeline');
    expect(mail?.text).toContain('Please move the car from the driveway.');
    expect(mail?.text).toContain('Crew of five, done by Thursday.');
    expect(mail?.text).not.toContain('Dumpster');
    expect(mail?.text).toContain(`/projects/${projectId}?tab=messages`);
    // each message is mailed once
    expect(await services.messages.sendDigest(homeowner.id)).toBe(0);
  });

  it("pages one project's conversation for its homeowner, its contractor and an admin, oldest first, older pages by Link", async () => {
    // another project of the same homeowner, with its own message: never in this conversation
    const otherProject = await insertProject(homeowner.id, null);
    await ctx.platform.db.insert(messages).values({
      projectId: otherProject,
      senderId: homeowner.id,
      receiverId: admin.id,
      content: 'Another project',
    });
    // after every message of the tests before (they are sent now)
    const base = Date.now() + 60_000;
    await ctx.platform.db.insert(messages).values(
      Array.from({ length: 5 }, (_, i) => ({
        projectId,
        senderId: i % 2 === 0 ? homeowner.id : contractor.id,
        receiverId: i % 2 === 0 ? contractor.id : homeowner.id,
        content: `Paged ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const url = `/api/projects/${projectId}/messages`;
    const walk = async (who: Person) => {
      const pages: string[][] = [];
      let next: string | null = `${url}?limit=2`;
      while (next) {
        const res = await call('GET', next, who);
        expect(res.statusCode, res.body).toBe(200);
        pages.push((res.json() as Message[]).map((m) => m.content));
        next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
      }
      return pages;
    };
    const ownerPages = await walk(homeowner);
    // the newest page first, each page oldest first
    expect(ownerPages[0]?.slice(-2)).toEqual(['Paged 3', 'Paged 4']);
    const everything = ownerPages.reverse().flat();
    expect(everything.filter((c) => c.startsWith('Paged'))).toEqual([0, 1, 2, 3, 4].map((i) => `Paged ${i}`));
    expect(everything).not.toContain('Another project');
    expect((await walk(contractor)).flat().filter((c) => c.startsWith('Paged'))).toHaveLength(5);
    expect((await walk(admin)).flat().filter((c) => c.startsWith('Paged'))).toHaveLength(5);

    // outside the project: the same 404 as a project that does not exist
    expect((await call('GET', url, stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/projects/not-a-project/messages', homeowner)).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', `${url}?cursor=forged`, homeowner)).statusCode).toBe(400);
  });
});
