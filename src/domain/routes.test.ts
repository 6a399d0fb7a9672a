import { describe, expect, it } from 'vitest';
import { hasUnsafeReturnToCharacters, isWebRoute, safeReturnTo } from './routes';

describe('web routes', () => {
  it('matches static and parameterised routes', () => {
    expect(isWebRoute('/')).toBe(true);
    expect(isWebRoute('/quote')).toBe(true);
    expect(isWebRoute('/quote/')).toBe(true);
    expect(isWebRoute('/projects/42')).toBe(true);
    expect(isWebRoute('/project/7')).toBe(true);
    expect(isWebRoute('/projects/')).toBe(false);
    expect(isWebRoute('/nowhere')).toBe(false);
    expect(isWebRoute('/projects/1/extra')).toBe(false);
  });
  it('keeps only same-site return paths', () => {
    expect(safeReturnTo('/customer-dashboard')).toBe('/customer-dashboard');
    expect(safeReturnTo('//evil.example')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
    expect(safeReturnTo('https://evil.example')).toBe('/');
    expect(safeReturnTo(undefined)).toBe('/');
  });

  it('refuses every hostile returnTo form', () => {
    const hostile = [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '\t//evil.example',
      '/x\r\nSet-Cookie: a=b',
      '/\u0000evil',
      '/\u007fevil',
      '/\u0085evil',
      'https://evil.example',
      'javascript:alert(1)',
      ' /customer-dashboard',
      '/%2F%2Fevil.example',
      '/%2f/evil.example',
      '%2F%2Fevil.example',
      '/%5Cevil.example',
      '/%09/evil.example',
      '/%0d%0aSet-Cookie:x',
      '/%E0%A4%A',
      'x'.repeat(10),
      `/${'a'.repeat(2001)}`,
      42,
      null,
    ];
    for (const value of hostile) expect(safeReturnTo(value), JSON.stringify(value)).toBe('/');
  });
  it('keeps ordinary paths with queries, fragments and encoded characters', () => {
    for (const value of [
      '/',
      '/projects/12?tab=messages#m3',
      '/quote?zip=75201',
      '/contractors?q=a%20b',
      '/x?next=%2Fy',
    ]) {
      expect(safeReturnTo(value)).toBe(value);
    }
  });
  it('flags control characters for a 400', () => {
    expect(hasUnsafeReturnToCharacters('/x\r\ny')).toBe(true);
    expect(hasUnsafeReturnToCharacters('/x\ty')).toBe(true);
    expect(hasUnsafeReturnToCharacters('/x?y=%0a')).toBe(false);
  });
});
