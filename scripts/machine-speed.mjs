// How fast this machine is right now, for reading a run's step times: the same CI steps took
// three times longer on some days than on others (lint 9-11 s on quick days, 29-45 s on slow ones),
// with the code unchanged. Runs a fixed single-threaded workload (hashing, JSON, regular
// expressions, sorting: what tests and builds spend their CPU on) and prints the milliseconds it
// took; `npm test` runs it before and after the tests (scripts/test-all.sh) and the summary shows
// both. A reading, never a check: nothing fails on it.
import { createHash } from 'node:crypto';

const started = performance.now();
let checksum = 0;
const block = Buffer.alloc(1 << 20, 7);
for (let round = 0; round < 40; round++) {
  const hash = createHash('sha256');
  for (let i = 0; i < 8; i++) hash.update(block);
  checksum += hash.digest()[0];
  const rows = Array.from({ length: 2_000 }, (_, i) => ({
    id: i,
    name: `row ${i}`,
    tags: ['a', 'b', String(round)],
  }));
  const parsed = JSON.parse(JSON.stringify(rows));
  checksum += parsed.length;
  checksum += JSON.stringify(parsed).replace(/row (\d+)/g, (_, n) => `r${n}`).length;
  const numbers = Array.from({ length: 20_000 }, (_, i) => (i * 7919 + round) % 10_007);
  checksum += numbers.sort((a, b) => a - b)[100];
}
const ms = Math.round(performance.now() - started);
if (checksum < 0) console.log(checksum); // keeps the work from being optimised away
console.log(`${ms} ms`);
