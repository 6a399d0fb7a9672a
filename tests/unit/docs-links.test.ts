import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Markdown links `[text](target)` of a file, without the in-page `#anchors`. */
function links(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((t) => !t.startsWith('#'));
}

const root = process.cwd();
const docs = readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.md'))
  .map((f) => path.join('docs', f));

describe('README and docs links', () => {
  it('the README links only to files of the repository, and each exists', () => {
    const targets = links(path.join(root, 'README.md'));
    expect(targets.length).toBeGreaterThan(10);
    for (const target of targets) {
      expect(target, `${target} leaves the repository`).not.toMatch(/^[a-z]+:/i);
      expect(existsSync(path.join(root, target.split('#')[0] ?? '')), `${target} does not exist`).toBe(true);
    }
  });

  it.each(docs)('%s: every relative link leads to a file that exists', (doc) => {
    for (const target of links(path.join(root, doc)).filter((t) => !/^[a-z]+:/i.test(t))) {
      const resolved = path.resolve(root, path.dirname(doc), target.split('#')[0] ?? '');
      expect(existsSync(resolved), `${doc}: ${target} does not exist`).toBe(true);
    }
  });

  it('the capability table names folders that exist on each side', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('| capability |'));
    const tableText = table.slice(0, table.indexOf('\n\n'));
    const lines = table.split('\n');
    const end = lines.findIndex((line) => !line.startsWith('|'));
    const rows = lines.slice(2, end);
    expect(rows.length).toBeGreaterThan(10);
    const sides = ['src/domain', 'src/server/features', 'src/web/features'];
    let checked = 0;
    for (const row of rows) {
      const cells = row.split('|').slice(2, 5);
      sides.forEach((side, i) => {
        const name = /^\s*`([^`]+)`/.exec(cells[i] ?? '')?.[1];
        if (!name) return;
        checked += 1;
        expect(existsSync(path.join(root, side, name)), `${side}/${name}`).toBe(true);
      });
    }
    expect(checked).toBeGreaterThan(30);
    // every feature folder of the server and the web appears in the table
    for (const side of ['src/server/features', 'src/web/features']) {
      for (const feature of readdirSync(path.join(root, side))) {
        expect(tableText, `${side}/${feature} is missing from the capability table`).toContain(
          `\`${feature}/\``,
        );
      }
    }
  });
});
