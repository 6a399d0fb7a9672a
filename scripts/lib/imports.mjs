/**
 * The imports of the TypeScript sources, read as text (no compiler, so a check over every file runs in
 * a fraction of a second): which files there are, what each imports, and the file it resolves to.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every .ts/.tsx file under dir, tests excepted. */
export function sourceFiles(dir) {
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
      reexport: m[2] === 'export',
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

export function resolveImport(root, fromFile, specifier) {
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
