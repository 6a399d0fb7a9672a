import { describe, expect, it } from 'vitest';
import { cacheName, routeRequest, staleCaches } from './sw-routing';

const origin = 'https://app.example';
const precached = new Set(['/index.html', '/assets/index-abc123.js', '/icons/icon-192.png']);
const get = (path: string, mode = 'cors') => ({ url: `${origin}${path}`, method: 'GET', mode });

describe('service worker routing', () => {
  it('serves hashed assets and icons from the precache', () => {
    expect(routeRequest(get('/assets/index-abc123.js'), origin, precached)).toEqual({
      kind: 'precache',
      key: '/assets/index-abc123.js',
    });
    expect(routeRequest(get('/icons/icon-192.png?v=1'), origin, precached)).toEqual({
      kind: 'precache',
      key: '/icons/icon-192.png',
    });
  });

  it('treats page loads as navigations (network first, shell offline)', () => {
    expect(routeRequest(get('/contractor-dashboard', 'navigate'), origin, precached)).toEqual({
      kind: 'navigation',
    });
    expect(routeRequest(get('/projects/123', 'navigate'), origin, precached)).toEqual({ kind: 'navigation' });
  });

  it('never caches the API, the realtime socket, writes or other origins', () => {
    expect(routeRequest(get('/api/auth/me'), origin, precached)).toEqual({ kind: 'network' });
    expect(routeRequest(get('/api/contractor/projects', 'navigate'), origin, precached)).toEqual({
      kind: 'network',
    });
    expect(routeRequest(get('/ws'), origin, precached)).toEqual({ kind: 'network' });
    expect(
      routeRequest(
        { url: `${origin}/assets/index-abc123.js`, method: 'POST', mode: 'cors' },
        origin,
        precached,
      ),
    ).toEqual({ kind: 'network' });
    expect(routeRequest(get('/assets/unknown-999.js'), origin, precached)).toEqual({ kind: 'network' });
    expect(
      routeRequest({ url: 'https://js.stripe.com/v3', method: 'GET', mode: 'no-cors' }, origin, precached),
    ).toEqual({ kind: 'network' });
    expect(routeRequest({ url: 'not a url', method: 'GET', mode: 'cors' }, origin, precached)).toEqual({
      kind: 'network',
    });
  });

  it('drops only the other versions of the shell cache', () => {
    expect(cacheName('v2')).toBe('ridgeline-shell-v2');
    expect(staleCaches(['ridgeline-shell-v1', 'ridgeline-shell-v2', 'someone-else'], 'v2')).toEqual([
      'ridgeline-shell-v1',
    ]);
  });
});
