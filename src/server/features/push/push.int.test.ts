import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { giveContractorProfile } from '../../../../tests/helpers/contractors';
import { insertProject } from '../../../../tests/helpers/projects';
import {
  type PushStandin,
  type StandinDevice,
  startPushStandin,
} from '../../../../tests/helpers/push-service-standin';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import type { PushDevice } from '../../../domain/push/schemas';
import { pushSubscriptions } from '../../platform/db/schema';

/**
 * Issue 27 #4: a contractor's notifications reach their phone as Web Push messages. The push
 * service is a local stand-in that checks the VAPID signature and decrypts the aes128gcm body
 * with the key pair and auth secret it made as the browser; the server's job queue sends for real.
 */

interface Person {
  id: string;
  cookie: string;
}

let ctx: TestContext;
let standin: PushStandin;
let homeowner: Person;
let contractor: Person;
let projectId: string;

async function person(email: string, userType: 'homeowner' | 'contractor'): Promise<Person> {
  const p = await createUserWithSession(ctx.platform, { email, userType, firstName: email.split('@')[0] });
  return { id: p.user.id, cookie: p.cookie };
}

function call(method: 'GET' | 'POST' | 'DELETE', url: string, who?: Person, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: who.cookie } : {}), 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Test' },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function subscribe(who: Person, device: StandinDevice): Promise<PushDevice> {
  const res = await call('POST', '/api/push/subscriptions', who, device.subscription);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PushDevice;
}

const rowOf = async (id: string) =>
  (await ctx.platform.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)))[0];

beforeAll(async () => {
  standin = await startPushStandin();
  // the stand-in listens on loopback, which the production and test policy refuse (SSRF)
  ctx = await createTestContext({ services: { push: { policy: { httpsOnly: false, allowPrivate: true } } } });
  homeowner = await person('push-owner@owner.example', 'homeowner');
  contractor = await person('push-crew@crew.example', 'contractor');
  const profileId = await giveContractorProfile(ctx.platform, contractor.id, {
    companyName: 'Push Roofing',
    businessZip: '75201',
    workingStates: ['Texas'],
    travelDistance: 50,
  });
  projectId = await insertProject(ctx.platform, {
    status: 'in_progress',
    homeownerId: homeowner.id,
    contractorId: profileId,
  });
});

afterAll(async () => {
  await ctx?.close();
  await standin?.close();
});

describe('Web Push', () => {
  it('serves the VAPID public key: an uncompressed P-256 point, the same on every call', async () => {
    const res = await call('GET', '/api/push/vapid-public-key');
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json() as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await call('GET', '/api/push/vapid-public-key')).json()).toEqual({ publicKey });
  });

  it('a message to the contractor arrives signed and encrypted for their device, and decrypts to the notice', async () => {
    const phone = standin.newDevice();
    const device = await subscribe(contractor, phone);
    expect(device).toMatchObject({
      service: new URL(standin.origin).host,
      failureCount: 0,
      lastSuccessAt: null,
    });
    expect(device.label).toContain('Android');

    const sent = await call('POST', '/api/messages', homeowner, { projectId, content: 'Is Tuesday fine?' });
    expect(sent.statusCode, sent.body).toBe(201);

    const push = await standin.nth(phone, 1);
    expect(push.error).toBeUndefined();
    expect(push.status).toBe(201);
    expect(push.claims).toMatchObject({ aud: standin.origin, sub: expect.stringMatching(/^mailto:/) });
    const { publicKey } = (await call('GET', '/api/push/vapid-public-key')).json() as { publicKey: string };
    expect(push.headers.authorization).toContain(`k=${publicKey}`);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.payload).toEqual({
      title: expect.stringContaining('message'),
      body: expect.stringContaining('Is Tuesday fine?'),
      url: expect.stringContaining(projectId),
      tag: `new_message:${projectId}`,
    });
    await vi.waitFor(async () => expect((await rowOf(device.id))?.lastSuccessAt).toBeInstanceOf(Date));
    await call('DELETE', `/api/push/subscriptions/${device.id}`, contractor);
  });

  it('a push service answering 410 (unsubscribed) deletes the subscription', async () => {
    const phone = standin.newDevice();
    const device = await subscribe(contractor, phone);
    standin.answer(phone, 410);
    await ctx.services.notifications.notify([
      {
        userId: contractor.id,
        kind: 'project_matched',
        title: 'A new job matches you.',
        link: '/contractor-dashboard',
      },
    ]);
    expect((await standin.nth(phone, 1)).status).toBe(410);
    await vi.waitFor(async () => expect(await rowOf(device.id)).toBeUndefined());
  });

  it('a failing push service is retried until it takes the message', async () => {
    const phone = standin.newDevice();
    const device = await subscribe(contractor, phone);
    standin.answer(phone, 503);
    await ctx.services.notifications.notify([
      {
        userId: contractor.id,
        kind: 'crew_scheduled',
        title: 'The crew date moved to Friday.',
        link: `/projects/${projectId}`,
        projectId,
      },
    ]);
    const first = await standin.nth(phone, 1);
    expect(first.status).toBe(503);
    const second = await standin.nth(phone, 2);
    expect(second.status).toBe(201);
    expect(second.payload).toEqual(first.payload);
    expect(second.payload).toMatchObject({
      title: 'The crew date moved to Friday.',
      tag: `crew_scheduled:${projectId}`,
    });
    await vi.waitFor(async () =>
      expect(await rowOf(device.id)).toMatchObject({ failureCount: 0, lastSuccessAt: expect.any(Date) }),
    );
    await call('DELETE', `/api/push/subscriptions/${device.id}`, contractor);
  }, 30_000);

  it('lists and removes only the caller’s own devices', async () => {
    const mine = await subscribe(contractor, standin.newDevice());
    const theirs = await subscribe(homeowner, standin.newDevice());
    const list = (await call('GET', '/api/push/subscriptions', contractor)).json() as {
      devices: PushDevice[];
    };
    expect(list.devices.map((d) => d.id)).toEqual([mine.id]);
    expect(JSON.stringify(list)).not.toContain('/push/');
    expect((await call('DELETE', `/api/push/subscriptions/${theirs.id}`, contractor)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/push/subscriptions/${mine.id}`, contractor)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/push/subscriptions/${mine.id}`, contractor)).statusCode).toBe(404);
    expect((await call('GET', '/api/push/subscriptions')).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/push/subscriptions', undefined, standin.newDevice().subscription)).statusCode,
    ).toBe(401);
  });

  it.each([
    ['a javascript: endpoint', { endpoint: 'javascript:alert(1)' }],
    ['an endpoint of 3000 characters', { endpoint: `https://push.example/${'a'.repeat(3000)}` }],
    ['a short key', { keys: { p256dh: 'abc', auth: 'abcdefghijklmnopqrstuv' } }],
    [
      'a key that is not base64url',
      { keys: { p256dh: `${'<'.repeat(87)}`, auth: 'abcdefghijklmnopqrstuv' } },
    ],
    ['an unknown field', { extra: true }],
    ['no keys', { keys: undefined }],
  ])('refuses %s with a 400', async (_name, change) => {
    const body = { ...standin.newDevice().subscription, ...change };
    const res = await call('POST', '/api/push/subscriptions', contractor, body);
    expect(res.statusCode, res.body).toBe(400);
  });
});
