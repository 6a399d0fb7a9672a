import { describe, expect, it } from 'vitest';
import { dashboardGreeting } from './greeting';

const now = new Date('2026-11-27T15:00:00Z');

describe('the dashboard greeting', () => {
  it('welcomes a brand-new account (made within the hour), and welcomes back any other', () => {
    expect(dashboardGreeting('Jordan', { createdAt: '2026-11-27T14:59:00Z' }, now)).toBe('Welcome, Jordan');
    expect(dashboardGreeting('Jordan', { createdAt: '2026-11-27T14:00:01Z' }, now)).toBe('Welcome, Jordan');
    expect(dashboardGreeting('Jordan', { createdAt: '2026-11-27T14:00:00Z' }, now)).toBe(
      'Welcome back, Jordan',
    );
    expect(dashboardGreeting('Sarah', { createdAt: new Date('2025-06-01T00:00:00Z') }, now)).toBe(
      'Welcome back, Sarah',
    );
  });

  it('falls back to welcome back when the date cannot be read', () => {
    expect(dashboardGreeting('Sam', { createdAt: 'not a date' }, now)).toBe('Welcome back, Sam');
  });
});
