// `tool-catalog inputs --json` lists every file that can change what `generate` produces, so a task
// runner's cache is never served stale: each entry it lists for a project that has every kind of
// input is classified by the table below (an entry no row names fails: a new kind of input needs a
// row), and changing the file an entry names changes the output — the files the outputs list
// names, and the diagnostics — or, for a file only kept in an output folder, is left alone by
// generate while a cache hit would restore it. Changing a file no entry names changes nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { glob } from 'tinyglobby';
import { afterAll, describe, expect, it } from 'vitest';
import { json, runCli } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

/** A project with one of every kind of input. */
const PROJECT: Record<string, string> = {
  'tool-catalog.config.ts':
    "import { defineConfig } from 'agent-tool-catalog';\nimport { locales } from './config/locales';\nimport './config/more-locales';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'], i18n: { locales, missing: 'warn' }, bindings: { file: 'src/toolBinding.ts' } } } });\n",
  'config/locales.ts': "export const locales: string[] = ['en'];\n",
  'config/more-locales.ts': "import { locales } from './locales';\nlocales.push('zh-CN');\n",
  'catalog/vocab.catalog.ts':
    "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n",
  'catalog/tools.catalog.ts':
    "import { demo } from './vocab.catalog';\nimport { labels } from '../shared/labels';\nimport './setup';\nimport '../shared/patch';\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: labels.read, description: labels.description } });\n",
  'catalog/setup.ts': "import { labels } from '../shared/labels';\nlabels.read += ' (set up)';\n",
  'shared/labels.ts': "export const labels = { read: 'Read', description: 'Reads' };\n",
  'shared/patch.ts': "import { labels } from './labels';\nlabels.description += ' a file';\n",
  'package.json': '{ "name": "app", "private": true, "type": "module", "prettier": {} }\n',
  'tsconfig.json': '{ "extends": "./tsconfig.base.json" }\n',
  'tsconfig.base.json': '{ "compilerOptions": { "module": "nodenext", "strict": true } }\n',
  // Files no entry may name: changing them (as UNLISTED says) must change nothing.
  'README.md': '# app\n',
  'src/app.ts': "export const app = 'app';\n",
  'shared/unused.ts': "export const unused = 'unused';\n",
  'other/package.json': '{ "sideEffects": false }\n',
  'other/tsconfig.json': '{ "compilerOptions": { "module": "esnext" } }\n',
  'catalog/notes.md': '# notes\n',
};

const UNLISTED: Record<string, string> = {
  'README.md': '# app, renamed\n',
  'src/app.ts': "export const app = 'renamed';\n",
  'shared/unused.ts': "export const unused = 'changed';\n",
  'other/package.json': '{ "sideEffects": true, "type": "commonjs" }\n',
  'other/tsconfig.json': '{ "compilerOptions": { "module": "nodenext" } }\n',
  'other/.prettierrc': '{}\n',
  'catalog/notes.md': '# other notes\n',
};

const TSCONFIG_BUNDLER =
  '{ "compilerOptions": { "module": "esnext", "moduleResolution": "bundler" } }\n';
const append = (dir: string, file: string, text: string) =>
  writeFileSync(path.join(dir, file), `${readFileSync(path.join(dir, file), 'utf8')}${text}`);

interface Kind {
  /** Whether an entry of `inputs` is of this kind (entries are relative to the project). */
  readonly names: (entry: string) => boolean;
  /** Read by generate (changing it changes the output), or only kept in an output folder. */
  readonly why: 'read' | 'kept';
  /** Changes the file the entry names (or one its glob matches). */
  readonly change: (dir: string, entry: string) => void;
}

/** Every kind of input. A kind `inputs` starts to list needs a row here, or the test fails. */
const KINDS: Record<string, Kind> = {
  'the config': {
    names: (e) => e === 'tool-catalog.config.ts',
    why: 'read',
    change: (dir) => {
      const file = path.join(dir, 'tool-catalog.config.ts');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace("missing: 'warn'", "missing: 'fallback'"),
      );
    },
  },
  'a module the config imports': {
    names: (e) => e.startsWith('config/') && e.endsWith('.ts'),
    why: 'read',
    change: (dir, e) => append(dir, e, "locales.push('fr');\n"),
  },
  "the catalog's include glob": {
    names: (e) => e === 'catalog/*.catalog.ts',
    why: 'read',
    change: (dir) =>
      writeFiles(dir, {
        'catalog/more.catalog.ts':
          "import { demo } from './vocab.catalog';\nexport default demo.tools({ Grep: { kind: 'sdk', category: 'file' } });\n",
      }),
  },
  'a module a catalog file imports': {
    names: (e) => ['catalog/setup.ts', 'shared/labels.ts', 'shared/patch.ts'].includes(e),
    why: 'read',
    change: (dir, e) => append(dir, e, "labels.read += '!';\n"),
  },
  'where a file would take over an import': {
    names: (e) =>
      [
        'catalog/vocab.catalog',
        'catalog/setup',
        'shared/labels',
        'shared/patch',
        'config/locales',
        'config/more-locales',
      ].includes(e),
    why: 'read',
    change: (dir, e) => writeFiles(dir, { [e]: "export const labels = { read: 'Taken over' };\n" }),
  },
  'the locale files': {
    names: (e) => e === 'generated/demo/i18n/*.json',
    why: 'read',
    change: (dir) =>
      writeFiles(dir, {
        'generated/demo/i18n/zh-CN.json':
          '{ "agent": { "tools": { "Read": { "label": "读取" } } } }\n',
      }),
  },
  'the translations set aside': {
    names: (e) => e === 'generated/demo/i18n/removed/*.json',
    why: 'read',
    change: (dir) =>
      writeFiles(dir, {
        'generated/demo/i18n/removed/zh-CN.json': '{ "agent.tools.Read.label": "读取" }\n',
      }),
  },
  'the binding file': {
    names: (e) => e === 'src/toolBinding.ts',
    why: 'read',
    change: (dir) => append(dir, 'src/toolBinding.ts', '// the app’s own edit\n'),
  },
  'the runtime-surface lock': {
    names: (e) => e === 'generated/demo/runtime-surface.lock.json',
    why: 'read',
    change: (dir) =>
      writeFiles(dir, {
        'generated/demo/runtime-surface.lock.json':
          '{ "lockVersion": 1, "catalog": "demo", "pinned": "0.2.0", "runtimes": {} }\n',
      }),
  },
  'the MCP lock, kept in the output folder': {
    names: (e) => e === 'generated/demo/mcp-tools.lock.json',
    why: 'kept',
    change: (dir) =>
      writeFiles(dir, {
        'generated/demo/mcp-tools.lock.json': '{ "lockfileVersion": 1, "servers": {} }\n',
      }),
  },
  'a tsconfig that decides the import extension, or would': {
    names: (e) => /(^|\/)tsconfig(\.base)?\.json$/.test(e) && !e.startsWith('other/'),
    why: 'read',
    change: (dir, e) => writeFiles(dir, { [e]: TSCONFIG_BUNDLER }),
  },
  'a package.json whose "prettier" key holds the formatter settings': {
    names: (e) => e === 'package.json',
    why: 'read',
    change: (dir, e) => {
      const { prettier: _, ...manifest } = JSON.parse(readFileSync(path.join(dir, e), 'utf8'));
      writeFiles(dir, { [e]: JSON.stringify(manifest) });
    },
  },
  "a formatter's settings": {
    names: (e) =>
      [
        '.prettierrc*',
        'prettier.config.*',
        'biome.json*',
        '.prettierignore',
        '.gitignore',
      ].includes(e),
    why: 'read',
    change: (dir, e) =>
      writeFiles(dir, {
        [{
          '.prettierrc*': '.prettierrc',
          'prettier.config.*': 'prettier.config.mjs',
          'biome.json*': 'biome.json',
          '.prettierignore': '.prettierignore',
          '.gitignore': '.gitignore',
        }[e]!]:
          e.startsWith('.prettierrc') || e.startsWith('biome')
            ? '{}\n'
            : e.startsWith('prettier')
              ? 'export default {};\n'
              : '/generated/\n',
      }),
  },
};

async function inputsOf(dir: string): Promise<{ inputs: string[]; outputs: string[] }> {
  const run = await runCli(['inputs', '--json'], dir);
  expect(run.code, run.stderr).toBe(0);
  const [catalog] = json(run).catalogs;
  return { inputs: catalog.inputs, outputs: catalog.outputs };
}

/** What generate produced: every file the outputs name, and the diagnostics. */
async function produced(dir: string, outputs: string[]): Promise<Record<string, string>> {
  const run = json(await runCli(['generate', '--json'], dir));
  const files = await glob(outputs, { cwd: dir, dot: true });
  const out: Record<string, string> = {
    diagnostics: JSON.stringify(
      run.diagnostics.map((d: { code: string; message: string; position?: unknown }) => [
        d.code,
        d.message,
        d.position,
      ]),
    ),
  };
  for (const f of files.sort()) out[f] = readFileSync(path.join(dir, f), 'utf8');
  return out;
}

async function project(): Promise<string> {
  const dir = await tempDir('inputs');
  writeFiles(dir, PROJECT);
  return dir;
}

// What `inputs` lists for the project, found once (each test below changes a copy).
const listed = await (async () => {
  const dir = await project();
  await runCli(['generate'], dir);
  return inputsOf(dir);
})();

describe('tool-catalog inputs --json', () => {
  it('names every entry by one kind, and lists every kind', () => {
    const kindsOf = (entry: string) =>
      Object.entries(KINDS)
        .filter(([, k]) => k.names(entry))
        .map(([name]) => name);
    for (const entry of listed.inputs) expect(kindsOf(entry), entry).toHaveLength(1);
    for (const [name, kind] of Object.entries(KINDS))
      expect(
        listed.inputs.some((e) => kind.names(e)),
        name,
      ).toBe(true);
  });

  it.each(listed.inputs)(
    '%s: changing it changes what generate produces',
    async (entry) => {
      const [, kind] = Object.entries(KINDS).find(([, k]) => k.names(entry))!;
      const dir = await project();
      const before = await produced(dir, listed.outputs);
      kind.change(dir, entry);
      const after = await produced(dir, listed.outputs);
      if (kind.why === 'read') expect(after).not.toEqual(before);
      else {
        // Not read: generate leaves it as it is, and a cache hit restores the folder it is in.
        const files = await glob(listed.outputs, { cwd: dir, dot: true });
        expect(files).toContain(entry);
        expect({ ...after, [entry]: before[entry] }).toEqual(before);
      }
    },
    60_000,
  );

  // Every file of the project, and a few that could appear: those no entry names must not matter.
  const candidates = [...new Set([...Object.keys(PROJECT), ...Object.keys(UNLISTED)])];
  it.each(candidates)(
    '%s, unless listed: changing it changes nothing',
    async (file) => {
      const dir = await project();
      if ((await glob(listed.inputs, { cwd: dir, dot: true })).includes(file)) return;
      const before = await produced(dir, listed.outputs);
      const kind = Object.values(KINDS).find((k) => k.names(file));
      if (UNLISTED[file] !== undefined) writeFiles(dir, { [file]: UNLISTED[file] });
      else if (kind) kind.change(dir, file);
      else append(dir, file, '\n');
      expect(await produced(dir, listed.outputs)).toEqual(before);
    },
    60_000,
  );
});
