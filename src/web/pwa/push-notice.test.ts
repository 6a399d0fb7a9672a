import { describe, expect, it } from 'vitest';
import { pushNotice, safePath } from './push-notice';

describe('a push message as a notification', () => {
  it('shows what the server sent', () => {
    expect(
      pushNotice({
        title: 'A new job matches you.',
        body: '12 Elm St',
        url: '/projects/p1',
        tag: 'project_matched:p1',
      }),
    ).toEqual({
      title: 'A new job matches you.',
      body: '12 Elm St',
      tag: 'project_matched:p1',
      url: '/projects/p1',
    });
  });

  it('falls back to a plain notice for an empty or odd payload', () => {
    expect(pushNotice(null)).toEqual({ title: 'Ridgeline', body: '', tag: undefined, url: '/' });
    expect(pushNotice({ title: 42, body: ['x'], tag: '' })).toEqual({
      title: 'Ridgeline',
      body: '',
      tag: undefined,
      url: '/',
    });
    expect(pushNotice({ title: 'x'.repeat(500) }).title).toHaveLength(120);
  });

  it('opens only a path of this site', () => {
    expect(safePath('/contractor-dashboard')).toBe('/contractor-dashboard');
    expect(safePath('https://evil.example/')).toBe('/');
    expect(safePath('//evil.example/')).toBe('/');
    expect(safePath('/\\evil.example')).toBe('/');
    expect(safePath(undefined)).toBe('/');
  });
});
