import { describe, expect, it } from 'vitest';
import { afterSignInPath, dashboardPathFor, isAppPath, loginUrl } from './navigation';

describe('afterSignInPath', () => {
  it('honours a same-site returnTo', () => {
    expect(afterSignInPath('/customer-dashboard', 'homeowner')).toBe('/customer-dashboard');
    expect(afterSignInPath('/projects/12?tab=messages', 'contractor')).toBe('/projects/12?tab=messages');
  });

  it("falls back to the role's dashboard for missing, foreign or sign-in targets", () => {
    expect(afterSignInPath(null, 'admin')).toBe('/admin-dashboard');
    expect(afterSignInPath('https://evil.test/', 'homeowner')).toBe('/customer-dashboard');
    expect(afterSignInPath('//evil.test', 'contractor')).toBe('/contractor-dashboard');
    expect(afterSignInPath('/login?returnTo=/x', 'homeowner')).toBe('/customer-dashboard');
    expect(afterSignInPath('/register', 'admin')).toBe('/admin-dashboard');
    expect(afterSignInPath('/logout', 'homeowner')).toBe('/customer-dashboard');
    expect(afterSignInPath('/confirm-email?status=invalid', 'contractor')).toBe('/contractor-dashboard');
  });

  it('keeps an explicit return to the home page', () => {
    expect(afterSignInPath('/', 'homeowner')).toBe('/');
  });
});

describe('helpers', () => {
  it('builds the sign-in navigation', () => {
    expect(loginUrl('/customer-dashboard')).toBe('/api/login?returnTo=%2Fcustomer-dashboard');
    expect(loginUrl()).toBe('/api/login');
  });

  it('knows the dashboards and app paths', () => {
    expect(dashboardPathFor('contractor')).toBe('/contractor-dashboard');
    expect(dashboardPathFor(null)).toBe('/');
    expect(isAppPath('/projects/3?x=1')).toBe(true);
    expect(isAppPath('/api/logout')).toBe(false);
  });
});
