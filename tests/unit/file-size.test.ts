import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/check-file-size.mjs');
const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const lines = (n: number) =>
  `${Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n')}\n`;

function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'rl-file-size-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

function check(root: string) {
  const run = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the file-size lint (issue 22: no giants)', () => {
  it('fails on a source file over 400 lines, naming it with its count', () => {
    const run = check(project({ 'src/server/a.ts': lines(401), 'src/web/b.tsx': lines(250) }));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('401  src/server/a.ts');
    expect(run.stderr).not.toContain('src/web/b.tsx');
  });

  it('warns about files over 300 lines, and counts scripts too', () => {
    const run = check(project({ 'src/web/b.tsx': lines(400), 'scripts/tool.mjs': lines(301) }));
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('400  src/web/b.tsx');
    expect(run.stderr).toContain('301  scripts/tool.mjs');
    expect(run.stdout).toContain('File sizes: ok');
  });

  it('leaves tests and generated files alone', () => {
    const run = check(
      project({
        'src/server/a.int.test.ts': lines(900),
        'src/web/b.test.tsx': lines(900),
        'src/domain/zones.generated.ts': lines(900),
      }),
    );
    expect(run.status).toBe(0);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/zones|a\.int|b\.test/);
  });
});
