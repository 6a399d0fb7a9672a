/**
 * A local stand-in for a browser vendor's push service (issue 27 #4): an HTTP server that takes
 * Web Push requests the way FCM or Mozilla's autopush does, checks the VAPID Authorization header
 * (RFC 8292: an ES256 JWT signed by the key it names, aud = this origin, exp within 24 hours) and
 * decrypts the aes128gcm body (RFC 8188, RFC 8291) with the browser's private key and auth secret,
 * which it made as a browser would (a P-256 key pair and 16 random bytes).
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const b64url = (buf: Buffer) => buf.toString('base64url');

export interface StandinDevice {
  /** What the browser's `PushSubscription.toJSON()` gives. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export interface ReceivedPush {
  path: string;
  status: number;
  /** The VAPID JWT's claims, or the reason the request was refused. */
  claims?: { aud: string; exp: number; sub: string };
  error?: string;
  headers: http.IncomingHttpHeaders;
  /** The decrypted message (JSON parsed), when the request was valid. */
  payload?: unknown;
}

/** Verifies `Authorization: vapid t=<jwt>, k=<public key>`; throws with the reason. */
export function verifyVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid Authorization header');
  const [, jwt = '', k = ''] = match;
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (header64.alg !== 'ES256') throw new Error(`alg ${header64.alg}`);
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('bad JWT signature');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ReceivedPush['claims'] & {};
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp} out of range`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error('no sub contact');
  return { claims, publicKey: k };
}

/** Decrypts one aes128gcm message (a single record, as Web Push sends) for this device. */
export function decryptAes128gcm(
  body: Buffer,
  device: Pick<StandinDevice, 'privateKey' | 'publicKey' | 'authSecret'>,
): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize) throw new Error('not a single aes128gcm record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // the last record ends with 0x02 then zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

export async function startPushStandin() {
  const devices = new Map<string, StandinDevice>();
  /** Status codes to answer next, per path (then 201). */
  const scripted = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const events = new EventEmitter();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const entry: ReceivedPush = { path, status: 201, headers: req.headers };
      try {
        const device = devices.get(path);
        if (req.method !== 'POST' || !device)
          throw Object.assign(new Error('unknown subscription'), { status: 404 });
        entry.claims = verifyVapid(req.headers.authorization, origin).claims;
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!req.headers.ttl) throw new Error('no TTL');
        entry.payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), device).toString('utf8'));
        entry.status = scripted.get(path)?.shift() ?? 201;
      } catch (err) {
        entry.error = (err as Error).message;
        entry.status = (err as { status?: number }).status ?? 400;
      }
      received.push(entry);
      res.writeHead(entry.status).end();
      events.emit('push', entry);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** A new browser subscription: its own key pair and auth secret. */
    newDevice(): StandinDevice {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/${randomUUID()}`;
      const device: StandinDevice = {
        subscription: {
          endpoint: `${origin}${path}`,
          expirationTime: null,
          keys: { p256dh: b64url(publicKey), auth: b64url(authSecret) },
        },
        privateKey: ecdh.getPrivateKey(),
        publicKey,
        authSecret,
      };
      devices.set(path, device);
      return device;
    },
    /** The next answers to this device's requests (a 500 to fail once, a 410 for "gone"). */
    answer(device: StandinDevice, ...statuses: number[]) {
      scripted.set(new URL(device.subscription.endpoint).pathname, statuses);
    },
    /** Resolves with the n-th request to this device (1-based), as soon as it arrives. */
    async nth(device: StandinDevice, n: number): Promise<ReceivedPush> {
      const path = new URL(device.subscription.endpoint).pathname;
      const mine = () => received.filter((r) => r.path === path);
      while (mine().length < n) await once(events, 'push');
      return mine()[n - 1] as ReceivedPush;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushStandin = Awaited<ReturnType<typeof startPushStandin>>;
