/**
 * npm run bench:lighthouse (also the last step of npm run bench): Lighthouse 12.2.3's default
 * config (the mobile preset: Moto G Power viewport, simulated slow 4G and 4x CPU slowdown) on the
 * landing page, /quote and the demo contractor's dashboard, three runs each, in Debian's
 * Chromium (never a downloaded one), against the production build on a fresh DATA_DIR. Records the
 * medians as web.<page>.lighthouse.{performance,tbtMs,lcpMs,cls} and the installability checks
 * (Lighthouse 12 has no installable-manifest audit any more: bench/installability.ts) as
 * web.<page>.installable, merged into bench/results/latest.json. Fails loudly when a page is not
 * installable. Note the load average printed: on a busy machine the scores drop.
 * LH_REPORT_DIR=folder keeps every run's full report (JSON) for its diagnostics; LH_PAGES=landing,quote
 * measures only those pages (and records nothing).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { DEMO_CONTRACTOR_EMAIL, DEMO_PASSWORD } from '../src/server/features/seed/demo-data';
import { debianChromium } from '../tests/helpers/chromium';
import { isSecureOrigin, manifestProblems } from './installability';
import { type Figure, freePort, median, startProcess } from './lib';

const root = path.resolve(import.meta.dirname, '..');
const serverEntry = process.env.BENCH_SERVER_ENTRY ?? path.join(root, 'dist/server/main.js');
const RUNS = 3;

/** Figure name part -> path, and whether the page needs the demo contractor signed in. */
const PAGES = {
  landing: { path: '/', signedIn: false },
  quote: { path: '/quote', signedIn: false },
  contractorDashboard: { path: '/contractor-dashboard', signedIn: true },
} as const;

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_CONTRACTOR_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

interface Run {
  score: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  /** Lighthouse's CPU benchmark of this machine at the run (a quiet desktop: 1000-2500). */
  benchmarkIndex: number;
}

async function lighthouseOnce(url: string, port: number, cookie?: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // LH_REPORT_DIR=folder: keep each run's full report, to read the diagnostics
  const reportDir = process.env.LH_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-${Date.now()}.json`;
    writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const run = {
    score: (lhr.categories.performance?.score ?? 0) * 100,
    tbtMs: num('total-blocking-time'),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details;
  console.log(
    `  ${url}: ${JSON.stringify(run)}${process.env.LH_VERBOSE ? ` LCP element ${JSON.stringify(lcpElement)}` : ''}`,
  );
  return run;
}

/** The manifest's fields, a service worker controlling the page, a secure origin: [] when installable. */
async function installProblems(browser: Browser, url: string, cookie?: string): Promise<string[]> {
  const context = await browser.newContext();
  try {
    if (cookie) {
      const [name, value] = cookie.split(/=(.*)/s) as [string, string];
      await context.addCookies([{ name, value, url }]);
    }
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response?.ok()) return [`${url} answered ${response?.status()}`];
    const problems = isSecureOrigin(url) ? [] : ['not a secure origin'];
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    if (!href) return [...problems, 'no <link rel="manifest">'];
    const manifest = await (await context.request.get(new URL(href, url).toString())).json();
    problems.push(...manifestProblems(manifest));
    // the worker registers after `load` and claims the page when it activates
    const controlled = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          if (navigator.serviceWorker.controller) return resolve(true);
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true));
          setTimeout(() => resolve(Boolean(navigator.serviceWorker.controller)), 30_000);
        }),
    );
    if (!controlled) problems.push('no service worker controls the page');
    return problems;
  } finally {
    await context.close();
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-bench-lh-'));
  const server = await startProcess([serverEntry], {
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost',
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
  });
  // Lighthouse drives the browser over its DevTools port; Playwright only launches it
  const port = await freePort();
  const browser = await chromium.launch({
    ...debianChromium.launchOptions,
    args: [...debianChromium.launchOptions.args, `--remote-debugging-port=${port}`],
  });
  const figures: Record<string, Figure> = {};
  const put = (name: string, value: number, unit: string) => {
    figures[name] = { value: Math.round(value * 1000) / 1000, unit };
  };
  const failures: string[] = [];
  try {
    // localhost, not 127.0.0.1: the origin the manifest and cookies are for
    const baseUrl = server.baseUrl.replace('127.0.0.1', 'localhost');
    const cookie = await signIn(baseUrl);
    const loads: number[] = [];
    const benchmarkIndexes: number[] = [];
    // LH_PAGES=landing,quote: only those pages (a partial run: nothing is recorded)
    const only = process.env.LH_PAGES?.split(',');
    for (const [name, page] of Object.entries(PAGES)) {
      if (only && !only.includes(name)) continue;
      const url = `${baseUrl}${page.path}`;
      const pageCookie = page.signedIn ? cookie : undefined;
      const problems = await installProblems(browser, url, pageCookie);
      put(`web.${name}.installable`, problems.length === 0 ? 1 : 0, 'bool');
      if (problems.length > 0) failures.push(`${page.path} is not installable: ${problems.join('; ')}`);
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        loads.push(loadavg()[0] ?? 0);
        runs.push(await lighthouseOnce(url, port, pageCookie));
      }
      put(`web.${name}.lighthouse.performance`, median(runs.map((r) => r.score)), 'score');
      put(`web.${name}.lighthouse.tbtMs`, median(runs.map((r) => r.tbtMs)), 'ms');
      put(`web.${name}.lighthouse.lcpMs`, median(runs.map((r) => r.lcpMs)), 'ms');
      put(`web.${name}.lighthouse.cls`, median(runs.map((r) => r.cls)), '');
      benchmarkIndexes.push(...runs.map((r) => r.benchmarkIndex));
    }
    put('web.lighthouse.loadAverage', median(loads), '1-min load');
    put('web.lighthouse.benchmarkIndex', median(benchmarkIndexes), 'index');
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.table(Object.entries(figures).map(([name, f]) => ({ figure: name, value: f.value, unit: f.unit })));
  if (process.env.BENCH_ONLY || process.env.LH_PAGES)
    console.log('partial run (BENCH_ONLY): bench/results/latest.json left as it was');
  else {
    const file = path.join(root, 'bench/results/latest.json');
    const previous = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Figure>)
      : {};
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ ...previous, ...figures }, null, 2)}\n`);
    console.log('merged into bench/results/latest.json');
  }
  if (failures.length > 0) throw new Error(failures.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
