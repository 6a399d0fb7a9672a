import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';

export interface VapidKeys {
  /** base64url, uncompressed P-256 point: what the browser's pushManager.subscribe takes. */
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair (issue 27 #4), made once on first start and kept in DATA_DIR/secrets.json
 * next to the session secret and the encryption key (config.ts), under `vapid`: a new pair would
 * orphan every browser's subscription. The configured pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY) wins.
 */
export function loadOrCreateVapidKeys(dataDir: string, configured?: VapidKeys): VapidKeys {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets.json');
  const stored = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & { vapid?: Partial<VapidKeys> })
    : {};
  if (stored.vapid?.publicKey && stored.vapid.privateKey)
    return { publicKey: stored.vapid.publicKey, privateKey: stored.vapid.privateKey };
  const vapid = webPush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...stored, vapid }, null, 2), { mode: 0o600 });
  return vapid;
}
