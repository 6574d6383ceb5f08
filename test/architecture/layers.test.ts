// Keeps docs/architecture.md true: every import under plugin/ goes to its own folder or to a lower
// layer of the table there, and every source file belongs to a layer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../support/paths';
import { sourceFiles } from '../support/source-files';

/** `plugin/render` → 6, from the "Layers" table of docs/architecture.md. */
function layerTable(): Map<string, number> {
  const doc = readFileSync(path.join(REPO, 'docs/architecture.md'), 'utf8');
  const table = new Map<string, number>();
  for (const [, layer, units] of doc.matchAll(/^\| (\d+) \| (.+) \|$/gm))
    for (const [, unit] of units!.matchAll(/`([^`]+)`/g)) table.set(unit!, Number(layer));
  return table;
}

/** The table entry (folder or file) a file belongs to: the longest one that contains it. */
const unitOf = (table: Map<string, number>, file: string) =>
  [...table.keys()]
    .filter((unit) => file === unit || file.startsWith(`${unit}/`))
    .sort((a, b) => b.length - a.length)[0];

const importsOf = (file: string) =>
  [
    ...readFileSync(path.join(REPO, file), 'utf8').matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^'";()=]*?(?:from\s+)?'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g,
    ),
  ].map((m) => m[1] ?? m[2]!);

describe('the layers of docs/architecture.md', () => {
  const table = layerTable();
  const files = sourceFiles('plugin');

  it('has a table that names the folders', () => {
    expect(table.get('plugin/render')).toBeGreaterThan(table.get('plugin/model')!);
    expect(files.length).toBeGreaterThan(50);
  });

  it('puts every source file in a layer', () => {
    expect(files.filter((f) => unitOf(table, f) === undefined)).toEqual([]);
  });

  it('has no import into a higher layer or into another folder of the same layer', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = unitOf(table, file)!;
      for (const specifier of importsOf(file)) {
        const target = path.posix
          .normalize(path.posix.join(path.posix.dirname(file), specifier))
          .replace(/\.js$/, '.ts');
        const to = unitOf(table, target);
        if (to === undefined) wrong.push(`${file} imports ${specifier}, which is in no layer`);
        else if (to !== from && table.get(to)! >= table.get(from)!)
          wrong.push(
            `${file} (layer ${table.get(from)}) imports ${target} (layer ${table.get(to)})`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** The files listed in the table of docs/architecture.md whose header starts with `heading`. */
function exceptionTable(heading: string): string[] {
  const doc = readFileSync(path.join(REPO, 'docs/architecture.md'), 'utf8');
  const start = doc.indexOf(`| ${heading} |`);
  const table = doc.slice(start, doc.indexOf('\n\n', start));
  return [...table.matchAll(/^\| `(plugin\/[^`]+)` \|/gm)].map((m) => m[1]!).sort();
}

describe('the exceptions docs/architecture.md lists', () => {
  const files = sourceFiles('plugin');
  const source = (file: string) => readFileSync(path.join(REPO, file), 'utf8');

  it('names every module that imports a module named at run time (app code, the installed SDK), and only those', () => {
    const dynamic = files.filter((f) => /\bimport\(\s*[^'"`\s)$]/.test(source(f))).sort();
    expect(dynamic).toEqual(exceptionTable('imports a module named at run time'));
  });

  it('names every module outside load/ and project/ that calls into load/ or re-exports it (type imports aside), and only those', () => {
    const reaching = files
      .filter((f) => !f.startsWith('plugin/load/') && !f.startsWith('plugin/project/'))
      .filter(
        (f) =>
          // A re-export reaches into load/ as much as an import does.
          [
            ...source(f).matchAll(
              /^(?:import|export) (?!type )[^;]*? from '((?:\.\.?\/)+load\/[^']+)';$/gm,
            ),
          ].length > 0,
      )
      .sort();
    expect(reaching).toEqual(exceptionTable('reaches into `plugin/load`'));
  });
});
