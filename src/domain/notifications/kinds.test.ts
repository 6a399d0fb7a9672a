import { describe, expect, it } from 'vitest';
import { kindsForRole, mailAllowed, notificationKindNames, notificationKinds } from './kinds';

describe('notification kinds', () => {
  it('are named once each, and every role can receive security notices', () => {
    expect(new Set(notificationKindNames).size).toBe(notificationKinds.length);
    for (const role of ['homeowner', 'contractor', 'admin'] as const) {
      expect(kindsForRole(role).map((k) => k.kind)).toContain('security');
    }
  });

  it('offer each role its own kinds', () => {
    expect(kindsForRole('admin').map((k) => k.kind)).toContain('project_created');
    expect(kindsForRole('homeowner').map((k) => k.kind)).not.toContain('project_created');
    expect(kindsForRole('contractor').map((k) => k.kind)).toEqual([
      'project_matched',
      'crew_scheduled',
      'crew_reminder',
      'closeout',
      'warranty_claim',
      'contractor_verified',
      'new_message',
      'security',
    ]);
  });

  it('mail by default, as chosen, security always and new messages never', () => {
    expect(mailAllowed('step_completed', undefined)).toBe(true);
    expect(mailAllowed('step_completed', false)).toBe(false);
    expect(mailAllowed('security', false)).toBe(true);
    expect(mailAllowed('new_message', true)).toBe(false);
  });
});
