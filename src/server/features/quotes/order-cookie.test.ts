import { describe, expect, it } from 'vitest';
import { ORDER_COOKIE_MAX, orderCookieWith, readOrderCookie } from './order-cookie';

const SECRET = 's'.repeat(64);
const ref = (i: number) =>
  `RL-${[...String(i).padStart(8, '0')].map((d) => 'ABCDEFGHJK'[Number(d)]).join('')}`;

describe('the order cookie', () => {
  it('lists the browser’s orders, the latest last, each once, at most ORDER_COOKIE_MAX', () => {
    let value: string | undefined;
    for (let i = 0; i < ORDER_COOKIE_MAX + 5; i++) value = orderCookieWith(SECRET, value, ref(i));
    value = orderCookieWith(SECRET, value, ref(ORDER_COOKIE_MAX + 4));
    const refs = readOrderCookie(SECRET, value);
    expect(refs).toHaveLength(ORDER_COOKIE_MAX);
    expect(refs[0]).toBe(ref(5));
    expect(refs.at(-1)).toBe(ref(ORDER_COOKIE_MAX + 4));
    expect(new Set(refs).size).toBe(refs.length);
  });

  it('reads nothing from a cookie that was edited, signed by another secret, or malformed', () => {
    const value = orderCookieWith(SECRET, undefined, 'RL-AAAAAAAA');
    const [list, sig] = value.split('.');
    expect(readOrderCookie(SECRET, value)).toEqual(['RL-AAAAAAAA']);
    expect(readOrderCookie(SECRET, `${list}~RL-BBBBBBBB.${sig}`)).toEqual([]);
    expect(readOrderCookie('t'.repeat(64), value)).toEqual([]);
    for (const bad of [undefined, '', '.', 'RL-AAAAAAAA', `.${sig}`, 'x'.repeat(5000)])
      expect(readOrderCookie(SECRET, bad)).toEqual([]);
    // a new order on top of a forged cookie starts a fresh list
    expect(
      readOrderCookie(SECRET, orderCookieWith(SECRET, `${list}~RL-BBBBBBBB.${sig}`, 'RL-CCCCCCCC')),
    ).toEqual(['RL-CCCCCCCC']);
  });
});
