/**
 * Page weight and Largest Contentful Paint of public pages in headless Chromium (Debian's, never
 * a downloaded one). Each page is loaded cold (a new browser context: empty cache, no cookies)
 * three times with `Accept-Encoding: gzip` only; the figures are the medians: JavaScript and CSS
 * bytes transferred, Largest Contentful Paint and Cumulative Layout Shift. Each page is also loaded
 * three times with JavaScript disabled, as a crawler or a phone before its scripts run sees it
 * (prerendered pages): its LCP and the length of its visible text.
 */
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { debianChromium } from '../tests/helpers/chromium';
import type { Figure } from './lib';
import { median } from './lib';

/** Figure name part -> path. */
export const WEB_PAGES = { landing: '/', quote: '/quote', contractors: '/contractors' } as const;
const LOADS_PER_PAGE = 3;

export interface PageLoad {
  /** Bytes of JavaScript as transferred (gzip-encoded bodies). */
  jsBytes: number;
  cssBytes: number;
  lcpMs: number;
  /** Cumulative Layout Shift of the load (unitless; under 0.1 counts as good). */
  cls: number;
  /** Encodings the server answered with, to check that gzip was really used. */
  encodings: string[];
  /** Characters of visible text in the page (body's innerText). */
  textChars: number;
}

interface Tracked {
  kind: 'js' | 'css' | 'other';
  encoding: string;
  bodyBytes: number;
  contentLength: number | undefined;
}

function kindOf(mimeType: string, url: string): Tracked['kind'] {
  if (/javascript|ecmascript/.test(mimeType) || /\.m?js(\?|$)/.test(url)) return 'js';
  if (mimeType === 'text/css' || /\.css(\?|$)/.test(url)) return 'css';
  return 'other';
}

/** The last largest-contentful-paint entry (the browser's final LCP candidate), in ms since navigation. */
async function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(0), 2000);
      }),
  );
}

/** The sum of the layout shifts not caused by input since navigation. */
async function cumulativeLayoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) sum += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 200);
      }),
  );
}

async function loadOnce(context: BrowserContext, url: string, javaScriptEnabled: boolean): Promise<PageLoad> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = new Map<string, Tracked>();
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    const length = headers['content-length'];
    requests.set(event.requestId, {
      kind: kindOf(event.response.mimeType, event.response.url),
      encoding: headers['content-encoding'] ?? 'identity',
      bodyBytes: 0,
      contentLength: length === undefined ? undefined : Number(length),
    });
  });
  cdp.on('Network.dataReceived', (event) => {
    const tracked = requests.get(event.requestId);
    if (tracked) tracked.bodyBytes += event.encodedDataLength;
  });
  // With JavaScript disabled the page runs no observer: LCP comes from the DevTools timeline, in
  // seconds since the epoch, from the moment the document was requested.
  let documentRequestedAt: number | undefined;
  let lastLcpAt: number | undefined;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document' && documentRequestedAt === undefined) documentRequestedAt = event.wallTime;
  });
  cdp.on('PerformanceTimeline.timelineEventAdded', ({ event }) => {
    const lcp = event.lcpDetails;
    if (lcp) lastLcpAt = lcp.renderTime || lcp.loadTime;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('PerformanceTimeline.enable', { eventTypes: ['largest-contentful-paint'] });

  const response = await page.goto(url, { waitUntil: 'networkidle' });
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const lcpMs = javaScriptEnabled
    ? await largestContentfulPaint(page)
    : lastLcpAt !== undefined && documentRequestedAt !== undefined
      ? (lastLcpAt - documentRequestedAt) * 1000
      : 0;
  const cls = javaScriptEnabled ? await cumulativeLayoutShift(page) : 0;
  // biome-ignore lint/performance/useDomNodeTextContent: the visible text is the point (innerText skips hidden text)
  const textChars = (await page.locator('body').innerText()).trim().length;
  await page.close();

  let jsBytes = 0;
  let cssBytes = 0;
  const encodings = new Set<string>();
  for (const r of requests.values()) {
    if (r.kind === 'other') continue;
    // The body as it came over the wire; Content-Length when the browser reports no body chunks.
    const bytes = r.bodyBytes > 0 ? r.bodyBytes : (r.contentLength ?? 0);
    if (r.kind === 'js') jsBytes += bytes;
    else cssBytes += bytes;
    // Files under the server's 1 KB compression threshold are rightly sent as they are.
    if (bytes >= 1024) encodings.add(r.encoding);
  }
  return { jsBytes, cssBytes, lcpMs, cls, encodings: [...encodings], textChars };
}

/** Measures the public pages of the server at `baseUrl`; answers figures named web.<page>.<metric>. */
export async function measureWeb(baseUrl: string): Promise<Record<string, Figure>> {
  const browser = await chromium.launch(debianChromium.launchOptions);
  const figures: Record<string, Figure> = {};
  try {
    const loadAll = async (path: string, javaScriptEnabled: boolean) => {
      const loads: PageLoad[] = [];
      for (let i = 0; i < LOADS_PER_PAGE; i++) {
        const context = await browser.newContext({
          viewport: { width: 1280, height: 800 },
          extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
          javaScriptEnabled,
        });
        try {
          loads.push(await loadOnce(context, `${baseUrl}${path}`, javaScriptEnabled));
        } finally {
          await context.close();
        }
      }
      return loads;
    };
    for (const [name, path] of Object.entries(WEB_PAGES)) {
      const loads = await loadAll(path, true);
      const noJsLoads = await loadAll(path, false);
      const notGzip = loads.flatMap((l) => l.encodings).filter((e) => e !== 'gzip');
      if (notGzip.length > 0)
        throw new Error(`${path}: scripts or styles served as ${notGzip.join(', ')}, not gzip`);
      const round = (n: number) => Math.round(n * 10) / 10;
      figures[`web.${name}.jsGzipKB`] = {
        value: round(median(loads.map((l) => l.jsBytes)) / 1024),
        unit: 'KB',
      };
      figures[`web.${name}.cssGzipKB`] = {
        value: round(median(loads.map((l) => l.cssBytes)) / 1024),
        unit: 'KB',
      };
      figures[`web.${name}.lcpMs`] = { value: Math.round(median(loads.map((l) => l.lcpMs))), unit: 'ms' };
      // JavaScript disabled: what the server's HTML shows by itself
      figures[`web.${name}.noJs.lcpMs`] = {
        value: Math.round(median(noJsLoads.map((l) => l.lcpMs))),
        unit: 'ms',
      };
      figures[`web.${name}.htmlTextChars`] = {
        value: median(noJsLoads.map((l) => l.textChars)),
        unit: 'chars',
      };
      figures[`web.${name}.cls`] = {
        value: Math.round(median(loads.map((l) => l.cls)) * 1000) / 1000,
        unit: 'score',
      };
    }
  } finally {
    await browser.close();
  }
  return figures;
}
