// Something in the way of an output — a file where its folder (or a folder above it, or one inside
// it) must be, a file the tool does not own where an output goes, a symbolic link out of the
// project — is the config's to fix: `generate` reports it at the setting that sends the output
// there (file:line:col of `outDir`, `i18n.outDir` or `bindings.file`), names the file in the way,
// and changes nothing.
import { lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { json, runCli } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

const MARK = '/*@*/';

/** Each setting that sends outputs somewhere: how it is written, and the folder it sends them to. */
const SETTINGS = {
  outDir: { text: `outDir: ${MARK}'out/agent'`, folder: 'out/agent' },
  'i18n.outDir': {
    text: `i18n: { locales: ['en', 'zh-CN'], missing: 'fallback', outDir: ${MARK}'src/locales' }`,
    folder: 'src/locales',
  },
  'bindings.file': { text: `bindings: { file: ${MARK}'src/ui/toolBinding.ts' }`, folder: 'src/ui' },
} as const;

type Setting = keyof typeof SETTINGS;

/** Each obstacle: puts it in the way of `folder`, and says which file is in the way. */
const OBSTACLES: Record<string, (dir: string, folder: string) => string> = {
  'the folder is a file': (dir, folder) => {
    writeFiles(dir, { [folder]: 'not a folder\n' });
    return folder;
  },
  'a folder above it is a file': (dir, folder) => {
    writeFiles(dir, { [path.dirname(folder)]: 'not a folder\n' });
    return path.dirname(folder);
  },
  'it is a symbolic link out of the project': (dir, folder) => {
    const outside = `${dir}-outside`;
    mkdirSync(outside, { recursive: true });
    mkdirSync(path.join(dir, path.dirname(folder)), { recursive: true });
    symlinkSync(outside, path.join(dir, folder));
    return folder;
  },
};

/** Obstacles only some settings' outputs can meet. */
const ONLY: Record<string, { settings: Setting[]; put: (dir: string, folder: string) => string }> =
  {
    'a folder inside it is a file': {
      settings: ['outDir'],
      put: (dir, folder) => {
        writeFiles(dir, { [`${folder}/runtime`]: 'not a folder\n' });
        return `${folder}/runtime`;
      },
    },
    'a file the tool does not own stands where an output goes': {
      settings: ['outDir'],
      put: (dir, folder) => {
        writeFiles(dir, { [`${folder}/registry.ts`]: '// mine\nexport const mine = 1;\n' });
        return `${folder}/registry.ts`;
      },
    },
  };

type Case = [Setting, string, (dir: string, folder: string) => string];
const CASES: Case[] = [
  ...Object.keys(SETTINGS).flatMap((s) =>
    Object.entries(OBSTACLES).map(([o, put]): Case => [s as Setting, o, put]),
  ),
  ...Object.entries(ONLY).flatMap(([o, { settings, put }]) =>
    settings.map((s): Case => [s, o, put]),
  ),
];

function project(setting: Setting): Record<string, string> {
  return {
    'tool-catalog.config.ts': `import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: {\n  include: ['catalog/*.catalog.ts'],\n  ${SETTINGS[setting].text},\n} } });\n`,
    'catalog/vocab.catalog.ts':
      "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n",
    'catalog/tools.catalog.ts':
      "import { demo } from './vocab.catalog';\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: 'Read' } });\n",
  };
}

/** Every entry under `dir`, links as links: what must not change. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const stat = lstatSync(path.join(dir, entry));
    out[entry] = stat.isFile()
      ? readFileSync(path.join(dir, entry), 'utf8')
      : stat.isDirectory()
        ? '/'
        : '->';
  }
  return out;
}

describe('something in the way of an output', () => {
  it.each(CASES)(
    '%s, %s: reported at the setting, naming it; nothing changed',
    async (setting, _obstacle, put) => {
      const dir = await tempDir('in-the-way');
      const files = project(setting);
      writeFiles(dir, files);
      const inTheWay = put(dir, SETTINGS[setting].folder);
      const before = snapshot(dir);
      const run = await runCli(['generate', '--json'], dir);
      expect(run.code, run.stderr).toBe(1);
      const [problem, ...more] = json(run).diagnostics;
      expect(more, JSON.stringify(more)).toEqual([]);
      // A link out of the project is seen when the config is read (TC002), the rest when writing.
      expect(['TC002', 'TC300', 'TC302']).toContain(problem.code);
      const config = files['tool-catalog.config.ts']!;
      const line = config.slice(0, config.indexOf(MARK)).split('\n');
      expect(problem.position).toEqual({
        file: 'tool-catalog.config.ts',
        line: line.length,
        column: line.at(-1)!.length + MARK.length + 1,
      });
      expect(problem.message).toContain(inTheWay);
      expect(snapshot(dir)).toEqual(before);
    },
    60_000,
  );
});
