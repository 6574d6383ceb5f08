// The states a file tree can be put in under a running generate (a link loop, a file swapped for a
// folder, a folder moved away, a permission taken away, …), each with how to undo it: shared by the
// tests of `generate --watch` and of the generate session the bundler plugins use.
import {
  chmodSync,
  chownSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

export const TOOLS = (label: string) =>
  `import { demo } from './vocab.catalog';\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file', label: '${label}' } });\n`;

export const PROJECT = {
  'tool-catalog.config.ts':
    "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/**/*.catalog.ts'], i18n: { locales: ['en', 'zh-CN'], missing: 'fallback' } } } });\n",
  'catalog/vocab.catalog.ts':
    "import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ['file'] });\n",
  'catalog/tools.catalog.ts': TOOLS('Read'),
};

export interface Scenario {
  /** Puts the tree in the state. */
  readonly upset: (dir: string) => void;
  /** What the process says about it; nothing, for a state that changes nothing it reads. */
  readonly reported?: RegExp;
  /** Makes the tree valid again. */
  readonly mend: (dir: string) => void;
}

export const at = (dir: string, file: string) => path.join(dir, file);
export const SCENARIOS: Record<string, Scenario> = {
  'a symbolic-link loop in the catalog folder': {
    upset: (dir) => {
      symlinkSync('b', at(dir, 'catalog/a'));
      symlinkSync('a', at(dir, 'catalog/b'));
    },
    // Links are not followed: a loop the catalog does not reach changes nothing.
    reported: undefined,
    mend: (dir) => {
      for (const f of ['catalog/a', 'catalog/b']) unlinkSync(at(dir, f));
    },
  },
  'links from the catalog folder to folders above it': {
    upset: (dir) => {
      mkdirSync(at(dir, 'catalog/loop'));
      symlinkSync('..', at(dir, 'catalog/loop/up'));
      symlinkSync('../loop', at(dir, 'catalog/loop/self'));
    },
    reported: /demo: up to date/,
    mend: (dir) => rmSync(at(dir, 'catalog/loop'), { recursive: true }),
  },
  'a link from the catalog folder to itself': {
    upset: (dir) => symlinkSync('.', at(dir, 'catalog/self')),
    reported: /demo: up to date/,
    mend: (dir) => unlinkSync(at(dir, 'catalog/self')),
  },
  'a catalog file swapped for a folder': {
    upset: (dir) => {
      unlinkSync(at(dir, 'catalog/tools.catalog.ts'));
      mkdirSync(at(dir, 'catalog/tools.catalog.ts'));
    },
    reported: /error TC111: Catalog 'demo' declares no tools/,
    mend: (dir) => {
      rmSync(at(dir, 'catalog/tools.catalog.ts'), { recursive: true });
      writeFileSync(at(dir, 'catalog/tools.catalog.ts'), TOOLS('Read'));
    },
  },
  'the catalog folder moved away': {
    upset: (dir) => renameSync(at(dir, 'catalog'), at(dir, 'away')),
    reported: /error TC111: The include globs of catalog 'demo' .* match no file/,
    mend: (dir) => renameSync(at(dir, 'away'), at(dir, 'catalog')),
  },
  'the catalog folder swapped for a file': {
    upset: (dir) => {
      renameSync(at(dir, 'catalog'), at(dir, 'away'));
      writeFileSync(at(dir, 'catalog'), 'not a folder\n');
    },
    reported: /error TC111: The include globs of catalog 'demo' .* match no file/,
    mend: (dir) => {
      unlinkSync(at(dir, 'catalog'));
      renameSync(at(dir, 'away'), at(dir, 'catalog'));
    },
  },
  'a catalog file it may not read': {
    upset: (dir) => chmodSync(at(dir, 'catalog/tools.catalog.ts'), 0o000),
    reported: /permission denied/,
    mend: (dir) => chmodSync(at(dir, 'catalog/tools.catalog.ts'), 0o644),
  },
  'the catalog folder it may not read': {
    upset: (dir) => chmodSync(at(dir, 'catalog'), 0o000),
    reported: /Nothing was written; watching for a fix/,
    mend: (dir) => chmodSync(at(dir, 'catalog'), 0o755),
  },
  'the config moved away': {
    upset: (dir) => renameSync(at(dir, 'tool-catalog.config.ts'), at(dir, 'config.away')),
    reported: /watching for the config file to be back/,
    mend: (dir) => renameSync(at(dir, 'config.away'), at(dir, 'tool-catalog.config.ts')),
  },
  'a file where the output folder goes': {
    upset: (dir) => {
      // Moved away in one step, then removed: emptied file by file where it stands, a run that the
      // first removals set off could write into the folder before the last.
      renameSync(at(dir, 'generated/demo'), at(dir, 'demo.away'));
      writeFileSync(at(dir, 'generated/demo'), 'not a folder\n');
      rmSync(at(dir, 'demo.away'), { recursive: true });
      writeFileSync(at(dir, 'catalog/tools.catalog.ts'), TOOLS('Read (while blocked)'));
    },
    reported: /error TC302: generated\/demo is a file/,
    mend: (dir) => unlinkSync(at(dir, 'generated/demo')),
  },
};

/**
 * Options that start a process as the unprivileged user `nobody` when the tests run as root (for
 * whom no permission holds), owning `dir`; none otherwise.
 */
export function asUnprivileged(dir: string): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const own = (p: string) => chownSync(p, 65534, 65534);
  own(dir);
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' }))
    own(path.join(dir, entry));
  return { uid: 65534, gid: 65534 };
}
