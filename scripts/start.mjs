// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = [
  path.join(root, 'dist/server/main.js'),
  path.join(root, 'dist/web/index.html'),
  // the database a new DATA_DIR starts from (src/server/platform/db/data-template.ts)
  path.join(root, 'dist/data-template/PG_VERSION'),
];

function newest(dir) {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const s = statSync(file);
    latest = Math.max(latest, s.isDirectory() ? newest(file) : s.mtimeMs);
  }
  return latest;
}

const built = outputs.every((f) => existsSync(f));
const sourcesChanged =
  built &&
  Math.max(newest(path.join(root, 'src')), statSync(path.join(root, 'package.json')).mtimeMs) >
    Math.min(...outputs.map((f) => statSync(f).mtimeMs));
if (!built || sourcesChanged) {
  // build.mjs prints a line per step (the first build takes a minute or more)
  console.log(
    built
      ? 'Sources changed since the last build: building (a line per step)...'
      : 'No build yet: building (a line per step; a minute or more the first time)...',
  );
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}
await import(path.join(root, 'dist/server/main.js'));
