#!/usr/bin/env node
/**
 * Feature boundaries, checked on the files as they are (run by `npm run lint` and `npm test`):
 *
 * Server (src/server/features/<feature>/):
 *   index   a feature imports another feature only through its `index.ts`, the named public
 *           surface it chooses to share (types of its services, helpers), never a file inside it.
 *           Tables are read through src/server/platform/db/schema.ts (not a feature); a
 *           `*.schema.ts` may import another feature's `*.schema.ts` for a foreign key;
 *   repo    a feature never imports another feature's `*.repo.ts`, not even for a type, and its
 *           index.ts never shares its own repo;
 *   wiring  nor builds or registers another feature: of another feature's `*.service.ts` and
 *           `*.routes.ts` only types are imported or shared by its index.ts (services are built
 *           in src/server/services.ts, routes registered in app.ts);
 *   write   nor writes (insert, update, delete) a table it does not own: the owner is the feature
 *           whose `<feature>.schema.ts` declares the table (or the platform for its own schema
 *           files), whichever path the table was imported through. Reading and joining are allowed;
 *           another feature's writes are its service's, or a hook it registers in services.ts.
 * Browser (src/web/features/<feature>/):
 *   web     a feature imports another feature only through its `index.ts`, as on the server
 *           (never its components, pages, hooks, lib or api); src/web/app composes the features'
 *           pages and is not checked;
 *   shared  src/web/components and src/web/lib never import a feature.
 *
 * Biome's noRestrictedImports cannot say this: it matches the import text, not the file it
 * resolves to (`../../*\/components/**` also matches `../../../components/ui/...`), and a rule per
 * feature listing every other feature would miss the next feature added.
 *
 * Tests (*.test.ts, *.test.tsx) are not checked: they set up data in any table. Nor are
 * src/server/services.ts and app.ts, which build every feature (they are not inside one).
 * Known violations are listed in ALLOWED below, each with the reason it stays; an allowance that
 * no longer matches anything is reported so it can be removed.
 *
 * Usage: node scripts/check-feature-boundaries.mjs [--root <dir>]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseImports, resolveImport, sourceFiles } from './lib/imports.mjs';

/**
 * Today's violations that are not mechanical to fix. `file` is relative to the root; `target` is
 * the table (write) or the imported file (index, repo, wiring, web).
 */
const ALLOWED = [
  {
    file: 'src/server/features/estimates/estimates.repo.ts',
    rule: 'write',
    target: 'quotes',
    why:
      "a quote's report state (report_status, report_run, report_error...) and an admin's typed measurement " +
      'live on the quote row, and the report pipeline is their only writer; giving them a table of the ' +
      'estimates feature needs a migration',
  },
  {
    file: 'src/server/features/seed/seed.service.ts',
    rule: 'write',
    target: '*',
    why:
      'a production start takes the demo password off demo accounts and ends their sessions, table by ' +
      'table: auth has no call that takes a password away (its password changes mail the address)',
  },
  {
    file: 'src/server/features/seed/seed-people.ts',
    rule: 'write',
    target: '*',
    why:
      'the demo accounts and contractors are written table by table, with fixed e-mails, dates and ' +
      "credentials that the services' rules (validation, mails, today's dates) would not produce",
  },
  {
    file: 'src/server/features/seed/seed-projects.ts',
    rule: 'write',
    target: '*',
    why:
      'the demo discount codes, messages, install requests and contact messages are written table by ' +
      'table with fixed dates and states (demo projects go through the projects service)',
  },
];

const here = path.dirname(fileURLToPath(import.meta.url));

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
  const isSchemaFile = (file) => file.endsWith('.schema.ts');
  const isFeatureIndex = (file) => featureOf(root, file)?.inner === 'index.ts';
  // the modules tables come in through: schema files, the platform's list, a feature's index.ts
  const isTableModule = (file) =>
    file !== null &&
    (isSchemaFile(file) || rel(root, file) === 'src/server/platform/db/schema.ts' || isFeatureIndex(file));

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
      if (isTableModule(target)) {
        for (const [local, imported] of imp.names) if (owners.has(imported)) tables.set(local, imported);
        if (imp.namespace) namespaces.add(imp.namespace);
      }
      const other = featureOf(root, target);
      if (other?.side !== 'server') continue;
      const name = path.basename(target);
      const v = { file: rel(root, file), line: imp.line, target: rel(root, target) };
      if (other.feature === me.feature) {
        // what a feature's index.ts shares: never its repo, only the types of its services and routes
        if (me.inner !== 'index.ts' || !imp.reexport) continue;
        if (/\.repo\.tsx?$/.test(name)) {
          violations.push({
            ...v,
            rule: 'repo',
            message: `shares its repo (${imp.specifier}): share its service's type`,
          });
        } else if (/\.(service|routes)\.tsx?$/.test(name) && !imp.typeOnly) {
          violations.push({
            ...v,
            rule: 'wiring',
            message: `shares values of ${imp.specifier}: only its types; services are built and routes registered in src/server/services.ts and app.ts`,
          });
        }
      } else if (/\.repo\.tsx?$/.test(name)) {
        violations.push({
          ...v,
          rule: 'repo',
          message: `imports the ${other.feature} feature's repo (${imp.specifier}): call its service instead`,
        });
      } else if (/\.(service|routes)\.tsx?$/.test(name) && !imp.typeOnly) {
        violations.push({
          ...v,
          rule: 'wiring',
          message: `imports values from ${imp.specifier}: only its types; services are built and routes registered in src/server/services.ts and app.ts`,
        });
      } else if (other.inner !== 'index.ts' && !(isSchemaFile(file) && isSchemaFile(target))) {
        violations.push({
          ...v,
          rule: 'index',
          message: `imports ${other.feature}/${other.inner.replace(/\.tsx?$/, '')}: another feature is used only through its index.ts (its public surface)`,
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
