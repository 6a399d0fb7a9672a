/**
 * Where a webhook may be sent (issue 26 #6, SSRF): https only in production; outside development
 * no private, loopback, link-local, unique-local or otherwise special address (IPv4, IPv6 and
 * IPv4-mapped IPv6). Checked at registration and again at delivery after DNS resolution; the
 * request then goes to the address that was checked (no second lookup: DNS rebinding cannot
 * switch it), and redirects are not followed (node's http client never follows them).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ValidationError } from '../../platform/errors';

export interface ReceiverPolicy {
  /** production: https only. */
  httpsOnly: boolean;
  /** development: loopback and private receivers allowed (a local test receiver). */
  allowPrivate: boolean;
}

export const receiverPolicyOf = (nodeEnv: 'development' | 'production' | 'test'): ReceiverPolicy => ({
  httpsOnly: nodeEnv === 'production',
  allowPrivate: nodeEnv === 'development',
});

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (an IPv4 address inside)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

const MAPPED = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i;
const MAPPED_HEX = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** An IPv4-mapped (or -translated) IPv6 address as its IPv4 address; others as they are. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const dotted = MAPPED.exec(address);
  if (dotted?.[1]) return { address: dotted[1], family: 'ipv4' };
  const hex = MAPPED_HEX.exec(address);
  if (hex?.[1] && hex[2]) {
    const hi = Number.parseInt(hex[1], 16);
    const lo = Number.parseInt(hex[2], 16);
    return { address: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: 'ipv4' };
  }
  return { address, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' };
}

/** Whether a literal address is private, loopback, link-local, unique-local or otherwise special. */
export function isPrivateAddress(address: string): boolean {
  const a = unmapped(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  if (isIP(a.address) === 0) return true;
  return blocked.check(a.address, a.family);
}

const refuse = (message: string) => new ValidationError(message, { url: [message] });

/** The URL parsed and checked without DNS (its scheme, credentials, and a literal address). */
export function checkReceiverUrl(raw: string, policy: ReceiverPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('The webhook URL is not a valid absolute URL.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.httpsOnly))
    throw refuse(
      policy.httpsOnly ? 'The webhook URL must use https.' : 'The webhook URL must use https or http.',
    );
  if (url.username || url.password) throw refuse('The webhook URL must not contain a user name or password.');
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (!host) throw refuse('The webhook URL has no host.');
  if (!policy.allowPrivate) {
    if (
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      host.endsWith('.internal') ||
      host.endsWith('.local')
    )
      throw refuse('The webhook URL must not point at a local or internal host.');
    if (isIP(host) && isPrivateAddress(host))
      throw refuse('The webhook URL must not point at a private, loopback or link-local address.');
  }
  return url;
}

/**
 * The address the request will go to: the host resolved, every answer checked (one private
 * answer refuses the URL), the first one pinned.
 */
export async function resolveReceiver(
  url: URL,
  policy: ReceiverPolicy,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const answers = literal
    ? [{ address: host, family: literal }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw refuse(`The webhook URL's host "${host}" could not be resolved.`);
      });
  if (answers.length === 0) throw refuse(`The webhook URL's host "${host}" could not be resolved.`);
  if (!policy.allowPrivate && answers.some((a) => isPrivateAddress(a.address)))
    throw refuse(`The webhook URL's host "${host}" resolves to a private, loopback or link-local address.`);
  const first = answers[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
