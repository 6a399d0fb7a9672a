import { describe, expect, it } from 'vitest';
import { isSecureOrigin, manifestProblems } from '../../bench/installability';
import { median } from '../../bench/lib';
import { webAppManifest } from '../../src/domain/site/web-app-manifest';

describe('manifestProblems', () => {
  it('accepts the app manifest', () => {
    expect(manifestProblems(webAppManifest('Ridgeline'))).toEqual([]);
  });

  it('names each missing field', () => {
    expect(manifestProblems({ display: 'browser', icons: [] })).toEqual([
      'no name or short_name',
      'no start_url',
      'display is "browser", not one of standalone, fullscreen, minimal-ui',
      'no 192x192 icon',
      'no 512x512 icon',
    ]);
  });

  it('does not count a maskable-only icon', () => {
    const m = {
      name: 'X',
      start_url: '/',
      display: 'standalone',
      icons: [
        { src: '/a.png', sizes: '192x192' },
        { src: '/b.png', sizes: '512x512', purpose: 'maskable' },
      ],
    };
    expect(manifestProblems(m)).toEqual(['no 512x512 icon']);
  });

  it('rejects what is not an object', () => {
    expect(manifestProblems(null)).toEqual(['the manifest is not a JSON object']);
    expect(manifestProblems('x')).toEqual(['the manifest is not a JSON object']);
  });
});

describe('isSecureOrigin', () => {
  it('treats https and loopback as secure', () => {
    expect(isSecureOrigin('https://example.com/')).toBe(true);
    expect(isSecureOrigin('http://localhost:4000/')).toBe(true);
    expect(isSecureOrigin('http://127.0.0.1:4000/')).toBe(true);
    expect(isSecureOrigin('http://example.com/')).toBe(false);
  });
});

describe('median', () => {
  it('takes the middle of an odd count and the mean of the middle two of an even one', () => {
    expect(median([92, 88, 95])).toBe(92);
    expect(median([1, 4, 2, 3])).toBe(2.5);
  });
});
