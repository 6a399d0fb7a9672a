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
  it('fails on a source file over 300 lines, naming it with its count', () => {
    const run = check(project({ 'src/server/a.ts': lines(301), 'src/web/b.tsx': lines(250) }));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('301  src/server/a.ts');
    expect(run.stderr).not.toContain('src/web/b.tsx');
  });

  it('takes a file of 300 lines, and counts scripts too', () => {
    const fine = check(project({ 'src/web/b.tsx': lines(300), 'scripts/tool.mjs': lines(300) }));
    expect(fine.status).toBe(0);
    expect(fine.stdout).toContain('File sizes: ok (none over 300 lines).');
    const script = check(project({ 'src/web/b.tsx': lines(300), 'scripts/tool.mjs': lines(301) }));
    expect(script.status).toBe(1);
    expect(script.stderr).toContain('301  scripts/tool.mjs');
    expect(script.stderr).not.toContain('src/web/b.tsx');
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
