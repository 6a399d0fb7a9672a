import { describe, expect, it } from 'vitest';
import { checkReceiverUrl, isPrivateAddress, receiverPolicyOf, resolveReceiver } from './webhook-receiver';

const production = receiverPolicyOf('production');

describe('webhook receivers (SSRF)', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    'not-an-address',
  ])('%s is private or special', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it.each([
    ['http://93.184.215.14/hook', /https/],
    ['https://127.0.0.1/hook', /private, loopback/],
    ['https://[::1]/hook', /private, loopback/],
    ['https://[::ffff:169.254.169.254]/latest/meta-data', /private, loopback/],
    ['https://[fd12::1]/hook', /private, loopback/],
    ['https://localhost/hook', /local or internal/],
    ['https://localhost./hook', /local or internal/],
    ['https://metadata.google.internal/', /local or internal/],
    ['https://user:pw@example.com/hook', /user name or password/],
    ['ftp://example.com/hook', /https/],
    ['javascript:alert(1)', /https/],
    ['not a url', /valid absolute URL/],
  ])('refuses %s in production', (url, message) => {
    expect(() => checkReceiverUrl(url, production)).toThrow(message);
  });

  it('checks what a name resolves to (one private answer refuses it) and pins the address', async () => {
    await expect(resolveReceiver(new URL('https://localhost/hook'), production)).rejects.toThrow(
      /resolves to a private/,
    );
    expect(await resolveReceiver(new URL('https://93.184.215.14/hook'), production)).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
    const dev = receiverPolicyOf('development');
    expect(checkReceiverUrl('http://127.0.0.1:9999/hook', dev).port).toBe('9999');
  });
});
