// Reads the JSON reports of vitest and Playwright that `npm test` keeps in test-results/timings/:
// prints each step's wall time (steps.tsv), the 20 slowest tests, then one closing line with the
// totals, "N passed, N failed, N skipped" (the line CI reads).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
/** @type {{ ms: number, report: string, name: string }[]} */
const timings = [];
/** @type {{ ms: number, report: string, name: string }[]} */
const files = [];

/** Playwright nests suites (file, describe...) with specs holding one test per project. */
function playwrightTests(suite, report, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      timings.push({ ms, report, name: `${[...here, spec.title].join(' › ')} [${test.projectName}]` });
    }
  }
  for (const child of suite.suites ?? []) playwrightTests(child, report, here);
}

for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  const label = name.replace(/\.json$/, '');
  if (report.stats && 'expected' in report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightTests(suite, label);
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      const rel = path.relative(process.cwd(), file.name);
      files.push({ ms: (file.endTime ?? 0) - (file.startTime ?? 0), report: label, name: rel });
      for (const test of file.assertionResults ?? []) {
        timings.push({ ms: test.duration ?? 0, report: label, name: `${rel} › ${test.fullName}` });
      }
    }
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

const stepsFile = path.join(dir, 'steps.tsv');
if (existsSync(stepsFile)) {
  // name, wall seconds, start (seconds after the run began): steps of one group run side by side
  const rows = readFileSync(stepsFile, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((row) => row.split('\t'))
    .map(([step, secs, start]) => ({ step, secs: Number(secs), start: Number(start ?? 0) }))
    .sort((a, b) => a.start - b.start);
  console.log('\n== wall time of each step (start: seconds after the run began; same start = side by side)');
  for (const { step, secs, start } of rows) {
    console.log(`${`${secs} s`.padStart(8)}  ${`+${start} s`.padStart(8)}  ${step}`);
  }
  const startedFile = path.join(dir, 'started');
  const began = existsSync(startedFile) ? Number(readFileSync(startedFile, 'utf8')) : undefined;
  const wall = began
    ? Math.round(Date.now() / 1000) - began
    : Math.max(0, ...rows.map((r) => r.start + r.secs));
  const sum = rows.reduce((total, r) => total + r.secs, 0);
  console.log(`${`${wall} s`.padStart(8)}  in all (the steps' times add up to ${sum} s)`);
}

// scripts/machine-speed.mjs before and after the run: the same steps take up to three times longer
// on a slow day, so step times are compared only with the machine's speed beside them
const speed = (name) => {
  const file = path.join(dir, `machine-speed-${name}`);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : '?';
};
console.log(
  `\n== machine speed (a fixed workload, scripts/machine-speed.mjs; lower is faster): ${speed('before')} before, ${speed('after')} after`,
);

console.log('\n== the 20 slowest tests');
for (const t of timings.sort((a, b) => b.ms - a.ms).slice(0, 20)) {
  console.log(`${seconds(t.ms)}  ${t.report.padEnd(12)} ${t.name}`);
}

console.log('\n== the 10 slowest test files (vitest: the tests only, beforeAll and afterAll not included)');
for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(`${seconds(f.ms)}  ${f.report.padEnd(12)} ${f.name}`);
}

// a step that failed without a test report (lint, types, build...) fails the run too
const failedStepsFile = path.join(dir, 'failed-steps');
const failedSteps = existsSync(failedStepsFile)
  ? readFileSync(failedStepsFile, 'utf8').trim().split('\n')
  : [];
if (failedSteps.length > 0) console.log(`\n== failed steps: ${failedSteps.join('; ')}`);

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || failedSteps.length > 0 ? 1 : 0);
