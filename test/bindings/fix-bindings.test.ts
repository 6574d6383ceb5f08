// The `bindings --fix` codemod on binding files of many shapes: it inserts missing entries in the
// file's own style, prunes stale ones with the comments above them, keeps everything else byte for
// byte, and a second run changes nothing.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BindingFileError, fixBindings } from '../../plugin/bindings/fix-bindings';
import { loadCatalog } from '../../plugin/load/load-catalog';
import { loadConfig } from '../../plugin/load/load-config';
import { buildModel } from '../../plugin/model/build-model';
import type { CatalogModel } from '../../plugin/model/catalog-model';
import { BINDINGS_APP as FIXTURE } from './fixture-app';

const FILE = path.join(FIXTURE, 'src/toolBinding.tsx');
const TODO = (key: string, hint?: string) =>
  `// TODO(tool-catalog): new tool '${key}': check its icon${hint ? ` (catalog hint: '${hint}')` : ''} and add a renderer if it needs one`;
const PLACEHOLDER =
  "// TODO(tool-catalog): the icon of tools that have none yet; `tool-catalog bindings --fix` gives new tools this one.\nconst placeholderIcon = undefined as unknown as import('../generated/app/bindings').AppUiIcon;";

let reactIcons: CatalogModel;
let stringIcons: CatalogModel;

beforeAll(async () => {
  const config = (await loadConfig({ cwd: FIXTURE })).catalogs[0]!;
  reactIcons = buildModel(await loadCatalog(config));
  stringIcons = { ...reactIcons, config: { ...reactIcons.config, bindings: { file: FILE } } };
});

/** Fixes `text` and checks that fixing the result again changes nothing. */
function fix(model: CatalogModel, text: string, prune = false) {
  const result = fixBindings(model, FILE, text, { prune });
  const again = fixBindings(model, FILE, result.text, { prune });
  expect(again.text).toBe(result.text);
  expect(again.missing).toEqual([]);
  if (prune) expect(again.excess).toEqual([]);
  return result;
}

describe('fixBindings', () => {
  it('appends missing entries in the file’s indentation and comma style, with the catalog icon for string icons', () => {
    const text =
      "import type { AppUiBindings } from '../generated/app/bindings';\n\nexport const B = {\n\tBash: { icon: 'terminal' } // keep me\n} satisfies AppUiBindings;\n";
    const result = fix(stringIcons, text);
    expect(result.missing).toEqual(['WebSearch', 'Notes']);
    expect(result.text).toBe(
      "import type { AppUiBindings } from '../generated/app/bindings';\n\nexport const B = {\n" +
        "\tBash: { icon: 'terminal' }, // keep me\n" +
        `\tWebSearch: { icon: 'globe' }, ${TODO('WebSearch')}\n` +
        `\tNotes: { icon: 'notebook' } ${TODO('Notes')}\n` +
        '} satisfies AppUiBindings;\n',
    );
  });

  it('declares the placeholder icon when the app’s icon type has no literal form, after the imports', () => {
    const text =
      "import type { AppUiBindings } from '../generated/app/bindings';\nimport { Terminal } from './icons';\n\nexport const B = {\n  Bash: { icon: Terminal },\n  WebSearch: { icon: Terminal },\n} satisfies AppUiBindings;\n";
    const result = fix(reactIcons, text);
    expect(result.text).toBe(
      "import type { AppUiBindings } from '../generated/app/bindings';\nimport { Terminal } from './icons';\n" +
        `\n${PLACEHOLDER}\n` +
        '\nexport const B = {\n  Bash: { icon: Terminal },\n  WebSearch: { icon: Terminal },\n' +
        `  Notes: { icon: placeholderIcon }, ${TODO('Notes', 'notebook')}\n` +
        '} satisfies AppUiBindings;\n',
    );
  });

  it('prunes stale entries with the comments right above them, keeping comments that belong elsewhere', () => {
    const text = [
      'const B = {',
      "  Bash: { icon: 'a' }, // trails Bash",
      '  // about Old',
      '  /* more about Old */',
      "  Old: { icon: 'b' }, // trails Old",
      '',
      '  // a section comment, separated by a blank line',
      "  'WebSearch': { icon: 'c' },",
      "  Older: { icon: 'd' },",
      "  Notes: { icon: 'e' },",
      '} as const satisfies Record<AppToolKey, { icon: string }>;',
      '',
    ].join('\n');
    const kept = fix(stringIcons, text);
    expect(kept.excess).toEqual(['Old', 'Older']);
    expect(kept.changed).toBe(false);
    const result = fix(stringIcons, text, true);
    expect(result.text).toBe(
      [
        'const B = {',
        "  Bash: { icon: 'a' }, // trails Bash",
        '',
        '  // a section comment, separated by a blank line',
        "  'WebSearch': { icon: 'c' },",
        "  Notes: { icon: 'e' },",
        '} as const satisfies Record<AppToolKey, { icon: string }>;',
        '',
      ].join('\n'),
    );
  });

  it('keeps the hand-written entry of a tool that leaves the catalog, and it serves the tool again when it returns', () => {
    const text =
      "import type { AppUiBindings } from '../generated/app/bindings';\n\nexport const B = {\n  Bash: { icon: 'terminal' },\n  WebSearch: { icon: 'globe' },\n  // drawn by hand\n  Notes: { icon: 'my-own-notebook' },\n} satisfies AppUiBindings;\n";
    const withoutNotes = {
      ...stringIcons,
      tools: stringIcons.tools.filter((t) => t.key !== 'Notes'),
    };
    const gone = fix(withoutNotes, text);
    expect([gone.excess, gone.changed, gone.text]).toEqual([['Notes'], false, text]);
    const back = fix(stringIcons, gone.text);
    expect([back.missing, back.excess, back.changed, back.text]).toEqual([[], [], false, text]);
  });

  it('keeps CRLF line endings', () => {
    const text =
      "const B = {\r\n  Bash: { icon: 'a' },\r\n  Gone: { icon: 'x' },\r\n} satisfies AppUiBindings;\r\n";
    const result = fix(stringIcons, text, true);
    expect(result.text).toBe(
      `const B = {\r\n  Bash: { icon: 'a' },\r\n  WebSearch: { icon: 'globe' }, ${TODO('WebSearch')}\r\n  Notes: { icon: 'notebook' }, ${TODO('Notes')}\r\n} satisfies AppUiBindings;\r\n`,
    );
  });

  it('fills an empty object, and one whose every entry was pruned', () => {
    const empty = fix(stringIcons, 'export const B = {} satisfies AppUiBindings;\n');
    const lines = [
      "  Bash: { icon: 'terminal' },",
      "  WebSearch: { icon: 'globe' },",
      "  Notes: { icon: 'notebook' },",
    ];
    expect(empty.text.split('\n').map((l) => l.replace(/ \/\/ TODO.*$/, ''))).toEqual([
      'export const B = {',
      ...lines,
      '} satisfies AppUiBindings;',
      '',
    ]);
    const allStale = fix(
      stringIcons,
      "export const B = {\n  Old: { icon: 'x' },\n} satisfies AppUiBindings;\n",
      true,
    );
    expect(allStale.text).toBe(empty.text);
  });

  it('extends a one-line object on its line', () => {
    const result = fix(
      stringIcons,
      "const B = { Bash: { icon: 'a' }, WebSearch: { icon: 'b' } } satisfies AppUiBindings;\n",
    );
    expect(result.text).toBe(
      "const B = { Bash: { icon: 'a' }, WebSearch: { icon: 'b' }, Notes: { icon: 'notebook' } } satisfies AppUiBindings;\n",
    );
  });

  it('finds an object typed with the binding type instead of satisfies', () => {
    const result = fix(
      stringIcons,
      "export const B: AppUiBindings = {\n  Bash: { icon: 'a' },\n  WebSearch: { icon: 'b' },\n};\n",
    );
    expect(result.missing).toEqual(['Notes']);
    expect(result.text).toContain("  Notes: { icon: 'notebook' },");
  });

  it('says how to fix a file without a checked bindings object', () => {
    expect(() => fixBindings(stringIcons, FILE, 'export const B = { Bash: {} };\n')).toThrow(
      BindingFileError,
    );
    expect(() => fixBindings(stringIcons, FILE, 'export const B = { Bash: {} };\n')).toThrow(
      /add `satisfies AppUiBindings`/,
    );
  });
});
