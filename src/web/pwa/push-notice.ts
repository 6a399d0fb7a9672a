/**
 * What a Web Push message shows (issue 27 #4): the server sends `{title, body, url, tag}`
 * (features/push); the service worker shows it as a notification and opens `url` on a click. Pure,
 * so it is tested once: anything unexpected in the payload falls back to a plain notice, and only a
 * path on this site is ever opened.
 */
export interface PushNotice {
  title: string;
  body: string;
  tag: string | undefined;
  url: string;
}

const FALLBACK_TITLE = 'Ridgeline';
const MAX_TITLE = 120;
const MAX_BODY = 300;

/** A path of this site ('/projects/...'), else the dashboard. */
export function safePath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')
    ? url
    : '/';
}

export function pushNotice(data: unknown): PushNotice {
  const d = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
  return {
    title: text(d.title, MAX_TITLE) || FALLBACK_TITLE,
    body: text(d.body, MAX_BODY),
    tag: typeof d.tag === 'string' && d.tag !== '' ? d.tag.slice(0, 200) : undefined,
    url: safePath(d.url),
  };
}
