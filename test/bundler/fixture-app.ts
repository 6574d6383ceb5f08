// Writes a small app with a tool catalog into a fresh folder under test/.artifacts (inside the repo,
// so `agent-tool-catalog` resolves to this package), for the bundler and dev-server tests.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { artifactDir, writeFiles } from '../support/files';

const FIXTURE_CONFIG = `import { defineConfig } from 'agent-tool-catalog';

export default defineConfig({
  catalogs: {
    demo: { include: ['catalog/**/*.catalog.ts'], outDir: 'src/generated/demo', prefix: 'Demo' },
  },
});
`;

const FIXTURE_VOCABULARY = `import { defineCatalog } from 'agent-tool-catalog';

export const demo = defineCatalog({
  categories: ['file', 'shell'],
  servers: { 'demo-tools': {} },
});
`;

/** The tool file; \`extra\` is spliced into the object literal (tests add or break tools with it). */
export const fixtureTools = (extra = '') => `import { demo } from './demo.catalog';

export default demo.tools({
  Read: { kind: 'sdk', category: 'file', exposure: 'user', label: 'Read', description: 'Reads files' },
  Bash: { kind: 'sdk', category: 'shell', exposure: 'user', label: 'Bash', description: 'Runs commands' },
  Notes: { kind: 'mcp', server: 'demo-tools', wire: 'notes', category: 'file', exposure: 'internal', label: 'Notes', description: 'Keeps notes' },${extra}
});
`;

/** The entry imports the generated registry, so a bundle that contains its keys really imported it. */
const FIXTURE_ENTRY = `import { DEMO_TOOL_KEYS, DEMO_USER_TOOLS } from './generated/demo/registry';

export const summary = 'tool keys: ' + DEMO_TOOL_KEYS.join(',') + ' / user: ' + DEMO_USER_TOOLS.join(',');
console.log(summary);
`;

/**
 * The entry with a marker the bundle carries: a build that contains it has seen this edit. A test
 * that must show an earlier change caused no build waits for the build of a later marker instead of
 * for a fixed time.
 */
export const fixtureEntry = (marker: string) =>
  `${FIXTURE_ENTRY}export const marker = '${marker}';\n`;

export interface FixtureApp {
  readonly dir: string;
  readonly file: (relative: string) => string;
  readonly write: (relative: string, content: string) => void;
  readonly remove: () => void;
}

export function createFixtureApp(name: string, files: Record<string, string> = {}): FixtureApp {
  const dir = artifactDir(`bundler/${name}-${process.pid}-${Date.now().toString(36)}`);
  const file = (relative: string) => path.join(dir, relative);
  const write = (relative: string, content: string) => writeFiles(dir, { [relative]: content });
  writeFiles(dir, {
    'tool-catalog.config.ts': FIXTURE_CONFIG,
    'catalog/demo.catalog.ts': FIXTURE_VOCABULARY,
    'catalog/tools.catalog.ts': fixtureTools(),
    'src/main.ts': FIXTURE_ENTRY,
    'index.html':
      '<!doctype html><html><body><script type="module" src="/src/main.ts"></script></body></html>\n',
    ...files,
  });
  return { dir, file, write, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
