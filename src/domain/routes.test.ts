import { describe, expect, it } from 'vitest';
import { isWebRoute, safeReturnTo } from './routes';

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
});
