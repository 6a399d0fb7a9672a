import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { loadOrCreateVapidKeys } from './vapid-keys';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('VAPID keys (issue 27 #4)', () => {
  it('are made once and kept in DATA_DIR/secrets.json beside the other secrets, readable by the owner only', () => {
    const dir = freshDir();
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    const first = loadOrCreateVapidKeys(dir);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(loadOrCreateVapidKeys(dir)).toEqual(first);
    const file = path.join(dir, 'secrets.json');
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored).toMatchObject({ sessionSecret: config.sessionSecret, vapid: first });
    expect(statSync(file).mode & 0o077).toBe(0);
    // the config's own secrets stay the same, and its next start keeps the VAPID pair
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
    expect(loadOrCreateVapidKeys(dir)).toEqual(first);
  });

  it('a VAPID pair made before the other secrets survives their making', () => {
    const dir = freshDir();
    const first = loadOrCreateVapidKeys(dir);
    loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(loadOrCreateVapidKeys(dir)).toEqual(first);
  });

  it('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY win over the stored pair', () => {
    const dir = freshDir();
    const { vapidKeys } = loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' });
    expect(loadOrCreateVapidKeys(dir, vapidKeys)).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
    });
  });
});
