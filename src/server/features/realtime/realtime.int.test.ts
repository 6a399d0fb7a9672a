import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type WebSocket from 'ws';
import {
  closeCodeWithin,
  openTestSocket,
  refusedStatus,
  type TestSocket,
} from '../../../../tests/helpers/realtime-client';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { registerSessionResolution } from '../../platform/auth/guards';
import { publishToUsers } from '../../platform/bus/publish';
import { sessions, users } from '../../platform/db/schema';
import { registerErrorHandling } from '../../platform/errors';
import { CLOSE_SESSION_ENDED, isSameSiteHandshake, realtimeRoutes } from './realtime.routes';

let ctx: TestContext;
let base: string; // ws://127.0.0.1:<port>
let host: string; // 127.0.0.1:<port>
const open: TestSocket[] = [];

async function createUser(email: string): Promise<string> {
  const [row] = await ctx.platform.db
    .insert(users)
    .values({ email, firstName: 'Test', lastName: 'User', userType: 'homeowner' })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

async function signIn(userId: string): Promise<{ token: string; cookie: string }> {
  const { token } = await ctx.platform.sessions.create(userId);
  return { token, cookie: `rl_session=${token}` };
}

async function connect(path: string, headers: Record<string, string>): Promise<TestSocket> {
  const socket = await openTestSocket(`${base}${path}`, headers);
  open.push(socket);
  return socket;
}

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  host = new URL(address).host;
  base = `ws://${host}`;
});

afterAll(async () => {
  for (const s of open) s.ws.terminate();
  await ctx?.close();
});

describe('/ws handshake', () => {
  it('refuses a connection without a session cookie', async () => {
    expect(await refusedStatus(`${base}/ws`)).toBe(401);
  });

  it('refuses an unknown or malformed session cookie', async () => {
    expect(await refusedStatus(`${base}/ws`, { cookie: 'rl_session=not-a-real-token' })).toBe(401);
    expect(await refusedStatus(`${base}/ws`, { cookie: `rl_session=${'x'.repeat(500)}` })).toBe(401);
  });

  it("refuses a userId that is not the session's user", async () => {
    const a = await createUser('mismatch-a@example.com');
    const b = await createUser('mismatch-b@example.com');
    const { cookie } = await signIn(a);
    expect(await refusedStatus(`${base}/ws?userId=${b}`, { cookie })).toBe(403);
    expect(await refusedStatus(`${base}/ws?userId=someone-else`, { cookie })).toBe(403);
  });

  it('refuses a cross-site handshake, accepts a same-site one', async () => {
    const a = await createUser('origin@example.com');
    const { cookie } = await signIn(a);
    expect(await refusedStatus(`${base}/ws?userId=${a}`, { cookie, origin: 'https://evil.example' })).toBe(
      403,
    );
    expect(await refusedStatus(`${base}/ws?userId=${a}`, { cookie, origin: 'null' })).toBe(403);
    expect(
      await refusedStatus(`${base}/ws?userId=${a}`, { cookie, origin: `http://${host}.evil.example` }),
    ).toBe(403);
    const socket = await connect(`/ws?userId=${a}`, { cookie, origin: `http://${host}` });
    expect(await socket.next()).toEqual({ type: 'connected', userId: a });
  });

  it('accepts a valid session with or without the userId parameter and says connected', async () => {
    const a = await createUser('accept@example.com');
    const { cookie } = await signIn(a);
    const withId = await connect(`/ws?userId=${a}`, { cookie });
    expect(await withId.next()).toEqual({ type: 'connected', userId: a });
    const withoutId = await connect('/ws', { cookie });
    expect(await withoutId.next()).toEqual({ type: 'connected', userId: a });
  });

  it('answers a plain HTTP GET without upgrade with an error, not a socket', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/ws' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('/ws delivery', () => {
  it('sends an event for user A to every socket of A and to nobody else', async () => {
    const a = await createUser('deliver-a@example.com');
    const b = await createUser('deliver-b@example.com');
    const sa1 = await connect(`/ws?userId=${a}`, { cookie: (await signIn(a)).cookie });
    const sa2 = await connect(`/ws?userId=${a}`, { cookie: (await signIn(a)).cookie });
    const sb = await connect(`/ws?userId=${b}`, { cookie: (await signIn(b)).cookie });
    for (const s of [sa1, sa2, sb]) expect(await s.next()).toMatchObject({ type: 'connected' });

    await publishToUsers(ctx.platform.bus, [a], {
      type: 'project_updated',
      projectId: 'p-7',
      status: 'matched',
    });
    expect(await sa1.next()).toEqual({ type: 'project_updated', projectId: 'p-7', status: 'matched' });
    expect(await sa2.next()).toEqual({ type: 'project_updated', projectId: 'p-7', status: 'matched' });

    // B's next message is B's own event: nothing of A's came in between (a socket keeps order)
    await publishToUsers(ctx.platform.bus, [b], { type: 'project_created', projectId: 'p-8' });
    expect(await sb.next()).toEqual({ type: 'project_created', projectId: 'p-8' });
    // and A's next message is the next event for A: B's did not come in between
    await publishToUsers(ctx.platform.bus, [a], {
      type: 'project_updated',
      projectId: 'p-9',
      status: 'active',
    });
    expect(await sa1.next()).toEqual({ type: 'project_updated', projectId: 'p-9', status: 'active' });
  });

  it('answers ping with pong and survives garbage from the client', async () => {
    const a = await createUser('ping@example.com');
    const s = await connect('/ws', { cookie: (await signIn(a)).cookie });
    await s.next();
    s.send('not json at all');
    s.send({ type: 'subscribe', to: 'everything' });
    s.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    s.send({ type: 'ping' });
    expect(await s.next()).toEqual({ type: 'pong' });
    expect(s.ws.readyState).toBe(s.ws.OPEN);
  });
});

describe('/ws session end', () => {
  it('closes the sockets of a revoked session (4401) and only those', async () => {
    const a = await createUser('revoke-a@example.com');
    const b = await createUser('revoke-b@example.com');
    const first = await signIn(a);
    const second = await signIn(a);
    const sFirst = await connect(`/ws?userId=${a}`, { cookie: first.cookie });
    const sSecond = await connect(`/ws?userId=${a}`, { cookie: second.cookie });
    const sb = await connect(`/ws?userId=${b}`, { cookie: (await signIn(b)).cookie });
    for (const s of [sFirst, sSecond, sb]) await s.next();

    await ctx.platform.sessions.revoke(first.token);
    expect(await closeCodeWithin(sFirst)).toBe(CLOSE_SESSION_ENDED);

    for (const s of [sSecond, sb]) {
      s.send({ type: 'ping' });
      expect(await s.next()).toEqual({ type: 'pong' });
    }
    // and the revoked cookie cannot open a new one
    expect(await refusedStatus(`${base}/ws`, { cookie: first.cookie })).toBe(401);
  });

  it('closes a socket whose session disappeared when the user changes', async () => {
    const a = await createUser('changed@example.com');
    const { cookie } = await signIn(a);
    const s = await connect('/ws', { cookie });
    await s.next();
    await ctx.platform.db.delete(sessions).where(eq(sessions.userId, a)); // e.g. "sign out everywhere"
    await ctx.platform.sessions.userChanged(a);
    expect(await closeCodeWithin(s)).toBe(CLOSE_SESSION_ENDED);
  });
});

describe('/ws heartbeat', () => {
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    // a small app with a fast heartbeat, on the same platform
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(fastifyCookie);
    await app.register(fastifyWebsocket);
    registerSessionResolution(app, ctx.platform.sessions);
    await app.register(realtimeRoutes(ctx.platform, { heartbeatIntervalMs: 100 }));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/ws`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps a socket that answers pings and drops one that does not', async () => {
    const a = await createUser('heartbeat@example.com');
    const { cookie } = await signIn(a);
    const healthy = await openTestSocket(url, { cookie });
    const dead = await openTestSocket(url, { cookie });
    open.push(healthy, dead);
    await healthy.next();
    await dead.next();
    // stop reading: the client no longer sees pings, so it never answers them
    const deadSocket = (dead.ws as WebSocket & { _socket: { pause(): void; resume(): void } })._socket;
    deadSocket.pause();
    // keep it deaf until the server has dropped it (its socket count falls to the healthy one):
    // resuming after a fixed time let a slow run answer the pings and survive
    const server = (app as FastifyInstance & { websocketServer: { clients: Set<unknown> } }).websocketServer;
    await vi.waitFor(() => expect(server.clients.size).toBe(1), { timeout: 10_000, interval: 20 });
    deadSocket.resume();
    expect(await closeCodeWithin(dead)).toBe(1006); // terminated, no close frame
    expect(healthy.ws.readyState).toBe(healthy.ws.OPEN);
    healthy.send({ type: 'ping' });
    expect(await healthy.next()).toEqual({ type: 'pong' });
  });
});

describe('isSameSiteHandshake', () => {
  const req = (headers: Record<string, string>, requestHost?: string) =>
    ({ headers, host: requestHost ?? headers.host }) as never;

  it('compares the Origin with the Host, allowing PUBLIC_URL and default ports', () => {
    expect(isSameSiteHandshake(req({ host: 'a.example' }), undefined)).toBe(true); // not a browser
    expect(isSameSiteHandshake(req({ host: 'a.example', origin: 'https://a.example' }), undefined)).toBe(
      true,
    );
    expect(isSameSiteHandshake(req({ host: 'a.example:443', origin: 'https://a.example' }), undefined)).toBe(
      true,
    );
    expect(isSameSiteHandshake(req({ host: 'a.example:8443', origin: 'https://a.example' }), undefined)).toBe(
      false,
    );
    expect(isSameSiteHandshake(req({ host: 'a.example', origin: 'https://b.example' }), undefined)).toBe(
      false,
    );
    expect(
      isSameSiteHandshake(
        req({ host: 'internal:5000', origin: 'https://app.example' }),
        'https://app.example',
      ),
    ).toBe(true);
    expect(
      isSameSiteHandshake(req({ host: 'a.example', origin: 'chrome-extension://a.example' }), undefined),
    ).toBe(false);
    expect(isSameSiteHandshake(req({ host: 'a.example', origin: 'garbage' }), undefined)).toBe(false);
  });
});
