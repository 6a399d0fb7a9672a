#!/usr/bin/env node
/**
 * Feature boundaries, checked on the files as they are (run by `npm run lint` and `npm test`):
 *
 * Server (src/server/features/<feature>/):
 *   repo    a feature never imports another feature's `*.repo.ts`, not even for a type;
 *   wiring  nor builds or registers another feature: from another feature's `*.service.ts` and
 *           `*.routes.ts` only types are imported (services are built in src/server/services.ts);
 *   write   nor writes (insert, update, delete) a table it does not own: the owner is the feature
 *           whose `<feature>.schema.ts` declares the table (or the platform for its own schema
 *           files), whichever path the table was imported through. Reading and joining are allowed.
 * Browser (src/web/features/<feature>/):
 *   web     a feature imports another feature only through its `index.ts`, the named public
 *           surface it chooses to share, never a file inside it (components, pages, hooks, lib,
 *           api); src/web/app composes the features' pages and is not checked;
 *   shared  src/web/components and src/web/lib never import a feature.
 *
 * Biome's noRestrictedImports cannot say this: it matches the import text, not the file it
 * resolves to (`../../*\/components/**` also matches `../../../components/ui/...`), and a rule per
 * feature listing every other feature would miss the next feature added.
 *
 * Tests (*.test.ts, *.test.tsx) are not checked: they set up data in any table.
 * Known violations are listed in ALLOWED below, each with the reason it stays; an allowance that
 * no longer matches anything is reported so it can be removed.
 *
 * Usage: node scripts/check-feature-boundaries.mjs [--root <dir>]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Today's violations that are not mechanical to fix. `file` is relative to the root; `target` is
 * the table (write) or the imported file (repo, wiring, web).
 */
const ALLOWED = [
  {
    file: 'src/server/features/estimates/estimates.repo.ts',
    rule: 'write',
    target: 'quotes',
    why: 'the report state (report_status, report_run...) lives on the quote row; the pipeline is its only writer',
  },
  {
    file: 'src/server/features/estimates/estimates.repo.ts',
    rule: 'write',
    target: 'uploads',
    why: "an admin's measurement file is stored as an upload like a sketch; uploads would need a service of their own",
  },
  {
    file: 'src/server/features/seed/seed.service.ts',
    rule: 'write',
    target: '*',
    why: 'the demo data is written table by table with fixed e-mails and job numbers; projects move to the projects service (issue 10)',
  },
  {
    file: 'src/server/features/seed/seed-people.ts',
    rule: 'write',
    target: '*',
    why: 'the demo data is written table by table with fixed e-mails and job numbers; projects move to the projects service (issue 10)',
  },
  {
    file: 'src/server/features/seed/seed-projects.ts',
    rule: 'write',
    target: '*',
    why: 'the demo data is written table by table with fixed e-mails and job numbers; projects move to the projects service (issue 10)',
  },
];

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every .ts/.tsx file under dir, tests excepted. */
function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(full);
  }
  return out;
}

/** The imports of a file: specifier, line, whether only types come in, and the names brought in. */
export function parseImports(text) {
  const imports = [];
  const lineAt = (index) => text.slice(0, index).split('\n').length;
  // import x from 'y'; import { a, type b as c } from 'y'; import * as ns from 'y'; export { a } from 'y'
  const statement = /(^|\n)\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(statement)) {
    const typeOnly = Boolean(m[3]);
    const clause = m[4] ?? '';
    const names = new Map(); // local name -> imported name
    let namespace = null;
    let allTypes = typeOnly;
    const ns = /\*\s+as\s+([\w$]+)/.exec(clause);
    if (ns) namespace = ns[1];
    const braces = /\{([^}]*)\}/.exec(clause);
    if (braces) {
      const parts = braces[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (!typeOnly && parts.length > 0) allTypes = parts.every((p) => p.startsWith('type '));
      for (const part of parts) {
        const [imported, local] = part.replace(/^type\s+/, '').split(/\s+as\s+/);
        names.set((local ?? imported).trim(), imported.trim());
      }
    }
    const defaultName = /^([\w$]+)\s*(,|$)/.exec(clause.trim());
    if (defaultName && m[2] === 'import') {
      names.set(defaultName[1], 'default');
      if (!typeOnly) allTypes = false;
    }
    if (ns && !typeOnly) allTypes = false;
    imports.push({
      specifier: m[5],
      line: lineAt(m.index + m[1].length),
      typeOnly: allTypes,
      names,
      namespace,
    });
  }
  for (const m of text.matchAll(/(^|\n)\s*import\s*['"]([^'"]+)['"]/g)) {
    imports.push({ specifier: m[2], line: lineAt(m.index + m[1].length), typeOnly: false, names: new Map() });
  }
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    imports.push({ specifier: m[1], line: lineAt(m.index), typeOnly: false, names: new Map() });
  }
  return imports;
}

function resolveImport(root, fromFile, specifier) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier.startsWith('@server/')) base = path.join(root, 'src/server', specifier.slice(8));
  else if (specifier.startsWith('@web/')) base = path.join(root, 'src/web', specifier.slice(5));
  else if (specifier.startsWith('@domain/')) base = path.join(root, 'src/domain', specifier.slice(8));
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

/** { side, feature, inner } for a file inside src/<side>/features/<feature>/, else null. */
function featureOf(root, file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const m = /^src\/(server|web)\/features\/([^/]+)\/(.+)$/.exec(rel);
  return m ? { side: m[1], feature: m[2], inner: m[3] } : null;
}

/** Table variable name -> owner ('platform' or a feature), from every schema file's pgTable declarations. */
function tableOwners(root) {
  const owners = new Map();
  const schemaFiles = [
    ...sourceFiles(path.join(root, 'src/server/features')),
    ...sourceFiles(path.join(root, 'src/server/platform')),
  ].filter((f) => f.endsWith('.schema.ts'));
  for (const file of schemaFiles) {
    const owner = featureOf(root, file)?.feature ?? 'platform';
    for (const m of readFileSync(file, 'utf8').matchAll(/export\s+const\s+([\w$]+)\s*=\s*pgTable\(/g)) {
      owners.set(m[1], owner);
    }
  }
  return owners;
}

const rel = (root, file) => path.relative(root, file).split(path.sep).join('/');

/** Every violation under root: { file, line, rule, target, message }. */
export function findViolations(root) {
  const violations = [];
  const owners = tableOwners(root);
  const isSchemaModule = (file) =>
    file !== null && (file.endsWith('.schema.ts') || rel(root, file) === 'src/server/platform/db/schema.ts');

  for (const file of sourceFiles(path.join(root, 'src/server/features'))) {
    const me = featureOf(root, file);
    const text = readFileSync(file, 'utf8');
    const imports = parseImports(text);
    // local identifier -> table name, for tables imported from any schema module
    const tables = new Map();
    const namespaces = new Set();
    for (const imp of imports) {
      const target = resolveImport(root, file, imp.specifier);
      if (target === null) continue;
      if (isSchemaModule(target)) {
        for (const [local, imported] of imp.names) if (owners.has(imported)) tables.set(local, imported);
        if (imp.namespace) namespaces.add(imp.namespace);
      }
      const other = featureOf(root, target);
      if (other?.side !== 'server' || other.feature === me.feature) continue;
      const name = path.basename(target);
      if (/\.repo\.tsx?$/.test(name)) {
        violations.push({
          file: rel(root, file),
          line: imp.line,
          rule: 'repo',
          target: rel(root, target),
          message: `imports the ${other.feature} feature's repo (${imp.specifier}): call its service instead`,
        });
      } else if (/\.(service|routes)\.tsx?$/.test(name) && !imp.typeOnly) {
        violations.push({
          file: rel(root, file),
          line: imp.line,
          rule: 'wiring',
          target: rel(root, target),
          message: `imports values from ${imp.specifier}: only its types; services are built and routes registered in src/server/services.ts and app.ts`,
        });
      }
    }
    for (const m of text.matchAll(/\.(insert|update|delete)\(\s*([\w$]+)(?:\.([\w$]+))?\s*\)/g)) {
      const table = m[3] && namespaces.has(m[2]) ? m[3] : m[3] ? undefined : tables.get(m[2]);
      if (!table) continue;
      const owner = owners.get(table);
      if (owner === me.feature) continue;
      violations.push({
        file: rel(root, file),
        line: text.slice(0, m.index).split('\n').length,
        rule: 'write',
        target: table,
        message: `${m[1]}s ${table}, owned by ${owner === 'platform' ? 'the platform' : `the ${owner} feature`}: call its service (pass your transaction if needed)`,
      });
    }
  }

  const webFiles = (dir) => sourceFiles(path.join(root, 'src/web', dir));
  for (const file of webFiles('features')) {
    const me = featureOf(root, file);
    for (const imp of parseImports(readFileSync(file, 'utf8'))) {
      const target = resolveImport(root, file, imp.specifier);
      const other = target && featureOf(root, target);
      if (other?.side !== 'web' || other.feature === me.feature) continue;
      if (other.inner === 'index.ts') continue;
      violations.push({
        file: rel(root, file),
        line: imp.line,
        rule: 'web',
        target: rel(root, target),
        message: `imports ${other.feature}/${other.inner.replace(/\.tsx?$/, '')}: another feature is used only through its index.ts (its public surface)`,
      });
    }
  }
  for (const file of [...webFiles('components'), ...webFiles('lib')]) {
    for (const imp of parseImports(readFileSync(file, 'utf8'))) {
      const target = resolveImport(root, file, imp.specifier);
      const other = target && featureOf(root, target);
      if (other?.side !== 'web') continue;
      violations.push({
        file: rel(root, file),
        line: imp.line,
        rule: 'shared',
        target: rel(root, target),
        message: `imports the ${other.feature} feature: shared components and lib never depend on a feature`,
      });
    }
  }
  return violations;
}

const allows = (a, v) =>
  a.file === v.file && a.rule === v.rule && (a.target === '*' || a.target === v.target);

function main() {
  const at = process.argv.indexOf('--root');
  const root = path.resolve(at > 0 ? process.argv[at + 1] : path.join(here, '..'));
  const violations = findViolations(root);
  const failing = violations.filter((v) => !ALLOWED.some((a) => allows(a, v)));
  const unused = ALLOWED.filter((a) => !violations.some((v) => allows(a, v)));
  for (const v of failing) console.error(`${v.file}:${v.line}  [${v.rule}] ${v.message}`);
  if (at < 0) {
    for (const a of unused) {
      console.warn(
        `note: the allowance for ${a.file} [${a.rule}] ${a.target} matches nothing now: remove it`,
      );
    }
  }
  if (failing.length > 0) {
    console.error(
      `\n${failing.length} feature boundary violation(s). See scripts/check-feature-boundaries.mjs for the rules.`,
    );
    process.exit(1);
  }
  const allowed = violations.length;
  console.log(
    `Feature boundaries: ok${allowed > 0 ? ` (${allowed} known exceptions, listed in the script)` : ''}.`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
