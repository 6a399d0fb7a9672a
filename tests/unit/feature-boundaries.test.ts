import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/check-feature-boundaries.mjs');
const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/**
 * A small project tree: two server features owning a table each (beta shares its service's type
 * and a helper through its index.ts), two web features, shared code.
 */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'rl-boundaries-'));
  roots.push(root);
  const base: Record<string, string> = {
    'src/server/features/alpha/alpha.schema.ts':
      "import { pgTable, text } from 'drizzle-orm/pg-core';\nexport const alphas = pgTable('alphas', { id: text() });\n",
    'src/server/features/beta/beta.schema.ts':
      "import { pgTable, text } from 'drizzle-orm/pg-core';\nexport const betas = pgTable('betas', { id: text() });\n",
    'src/server/platform/db/schema.ts':
      "export * from '../../features/alpha/alpha.schema';\nexport * from '../../features/beta/beta.schema';\n",
    'src/server/features/beta/beta.repo.ts': 'export function createBetaRepo() { return {}; }\n',
    'src/server/features/beta/beta.service.ts':
      'export function createBetaService() { return {}; }\nexport type BetaService = ReturnType<typeof createBetaService>;\n',
    'src/server/features/beta/beta-sql.ts': 'export const betaSql = 1;\n',
    'src/server/features/beta/index.ts':
      "export type { BetaService } from './beta.service';\nexport { betaSql } from './beta-sql';\n",
    'src/web/features/gamma/api/get-gamma.ts': 'export const gammaQuery = 1;\n',
    'src/web/features/gamma/components/gamma-card.tsx': 'export function GammaCard() { return null; }\n',
    'src/web/features/gamma/index.ts': "export { gammaQuery } from './api/get-gamma';\n",
  };
  for (const [file, text] of Object.entries({ ...base, ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

function check(root: string) {
  const run = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('scripts/check-feature-boundaries.mjs', () => {
  it('passes a tree that keeps to the rules', () => {
    const root = project({
      'src/server/features/alpha/alpha.repo.ts': [
        "import { alphas, betas } from '../../platform/db/schema';",
        'export const write = (db: any) => db.insert(alphas).values({});',
        'export const read = (db: any) => db.select().from(betas);',
      ].join('\n'),
      'src/server/features/alpha/alpha.service.ts': [
        "import { type BetaService, betaSql } from '../beta';",
        "import type { BetaService as Same } from '@server/features/beta/index';",
        'export type X = BetaService | Same;',
        'export const y = betaSql;',
      ].join('\n'),
      // a foreign key: one schema file may name another feature's table
      'src/server/features/alpha/alpha-links.schema.ts':
        "import { betas } from '../beta/beta.schema';\nexport const b = betas;\n",
      'src/server/features/alpha/alpha.int.test.ts': "import { createBetaRepo } from '../beta/beta.repo';\n",
      'src/web/features/delta/pages/delta-page.tsx':
        "import { gammaQuery } from '@web/features/gamma';\nexport const q = gammaQuery;\n",
      'src/web/components/panel.tsx': "import { Button } from './ui/button';\n",
    });
    const { status, output } = check(root);
    expect(output).toContain('Feature boundaries: ok');
    expect(status).toBe(0);
  });

  it("refuses another feature's repo, its service factory, and writes to its tables", () => {
    const root = project({
      'src/server/features/alpha/alpha.service.ts': [
        "import type { BetaRow } from '../beta/beta.repo';",
        "import { createBetaService } from '../beta/beta.service';",
        "import { betas as others } from '../../platform/db/schema';",
        "import * as schema from '../../platform/db/schema';",
        'export const a = (db: any) => db.update(others).set({});',
        'export const b = (tx: any) => tx.delete(schema.betas);',
        'export const c = (db: any) => db.select().from(others);',
      ].join('\n'),
    });
    const { status, output } = check(root);
    expect(status).toBe(1);
    expect(output).toContain("alpha.service.ts:1  [repo] imports the beta feature's repo");
    expect(output).toContain('alpha.service.ts:2  [wiring]');
    expect(output).toContain('alpha.service.ts:5  [write] updates betas, owned by the beta feature');
    expect(output).toContain('alpha.service.ts:6  [write] deletes betas, owned by the beta feature');
    expect(output).not.toContain('alpha.service.ts:7');
    expect(output).toContain('4 feature boundary violation(s)');
  });

  it("refuses a server feature reaching past another's index.ts, and an index.ts sharing its repo or service factory", () => {
    const root = project({
      'src/server/features/alpha/alpha.service.ts': [
        "import { betaSql } from '../beta/beta-sql';",
        "import type { BetaService } from '../beta/beta.service';",
        "import { betas } from '../beta/beta.schema';",
        "const lazy = () => import('@server/features/beta/beta-sql');",
        'export const a = (db: any) => db.insert(betas).values({});',
      ].join('\n'),
      'src/server/features/beta/index.ts': [
        "export type { BetaService } from './beta.service';",
        "export { createBetaRepo } from './beta.repo';",
        "export { createBetaService } from './beta.service';",
        "export { betas } from './beta.schema';",
      ].join('\n'),
      // a table shared by an index.ts is still its owner's to write
      'src/server/features/alpha/alpha.repo.ts':
        "import { betas } from '../beta';\nexport const w = (db: any) => db.delete(betas);\n",
    });
    const { status, output } = check(root);
    expect(status).toBe(1);
    expect(output).toContain(
      'alpha.service.ts:1  [index] imports beta/beta-sql: another feature is used only through its index.ts',
    );
    expect(output).toContain('alpha.service.ts:2  [index] imports beta/beta.service');
    expect(output).toContain('alpha.service.ts:3  [index] imports beta/beta.schema');
    expect(output).toContain('alpha.service.ts:4  [index]');
    expect(output).toContain('alpha.service.ts:5  [write] inserts betas, owned by the beta feature');
    expect(output).not.toContain('beta/index.ts:1');
    expect(output).toContain('beta/index.ts:2  [repo] shares its repo');
    expect(output).toContain('beta/index.ts:3  [wiring] shares values of ./beta.service');
    expect(output).not.toContain('beta/index.ts:4');
    expect(output).toContain('alpha.repo.ts:2  [write] deletes betas, owned by the beta feature');
    expect(output).toContain('8 feature boundary violation(s)');
  });

  it("refuses a web feature reaching past another's index.ts, and shared code importing a feature", () => {
    const root = project({
      'src/web/features/delta/pages/delta-page.tsx': [
        "import { GammaCard } from '../../gamma/components/gamma-card';",
        "const Lazy = () => import('@web/features/gamma/components/gamma-card');",
        "import { gammaQuery } from '@web/features/gamma/api/get-gamma';",
        "import { gammaQuery as q } from '../../gamma';",
      ].join('\n'),
      'src/web/lib/helper.ts': "import { gammaQuery } from '../features/gamma/api/get-gamma';\n",
    });
    const { status, output } = check(root);
    expect(status).toBe(1);
    expect(output).toContain('delta-page.tsx:1  [web] imports gamma/components/gamma-card');
    expect(output).toContain('delta-page.tsx:2  [web]');
    expect(output).toContain('delta-page.tsx:3  [web] imports gamma/api/get-gamma');
    expect(output).not.toContain('delta-page.tsx:4');
    expect(output).toContain('src/web/lib/helper.ts:1  [shared] imports the gamma feature');
  });

  it('passes on this repository', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Feature boundaries: ok');
  });
});
