// Writes a synthetic catalog of N tools into a folder (outside the repo): a realistic mix of SDK,
// in-process MCP and external tools, pair groups, conditions, dependsOn chains, caller groups, three locales.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const TOOLS_PER_FILE = 50;
const CATEGORIES = ['shell', 'file', 'search', 'orchestration', 'media', 'context'];
const CONDITIONS = [
  'workspace-has-git',
  'agent-has-channel',
  'sentry-configured',
  'can-query-data',
  'skills-enabled',
  'has-browser',
];
const GROUPS = ['core', 'chat_only', 'triggers', 'skill_builtin', 'ops'];
const SERVERS = [
  'cherry-tools',
  'agent-memory',
  'skills',
  'browser',
  'data',
  'calendar',
  'mail',
  'files',
  'notes',
  'tasks',
];
const CHANNELS = ['sentry', 'linear', 'github'];
/** Real SDK built-ins, declared sdkTyped so the coverage guard imports real SDK types. */
const REAL_SDK = ['Bash', 'Read', 'Write', 'Glob', 'Grep', 'TodoWrite'];

const pairGroupCount = (n) => Math.max(1, Math.floor(n / 25));
export const toolKey = (i) =>
  i < REAL_SDK.length ? REAL_SDK[i] : `Tool${String(i).padStart(5, '0')}`;

/** One tool declaration as catalog source text; `variant` changes its copy (the "edit" scenario). */
export function toolSource(i, n, variant = 0) {
  const key = toolKey(i);
  const category = CATEGORIES[i % CATEGORIES.length];
  const fields = [];
  if (i < REAL_SDK.length) fields.push(`kind: 'sdk'`);
  else if (i % 10 < 3) fields.push(`kind: 'sdk', sdkTyped: false`);
  else if (i % 10 < 9)
    fields.push(`kind: 'mcp', server: '${SERVERS[i % SERVERS.length]}', wire: 'tool_${i}'`);
  else
    fields.push(
      `kind: 'external', channel: '${CHANNELS[i % CHANNELS.length]}', wires: ['ext_${i}_read', 'ext_${i}_write']`,
    );
  fields.push(`category: '${category}'`);
  const shape = i % 8;
  if (shape < 4) fields.push(`exposure: 'user'`);
  else if (shape === 4)
    fields.push(`exposure: 'conditional', condition: '${CONDITIONS[i % CONDITIONS.length]}'`);
  else if (shape === 5) fields.push(`exposure: 'disabled'`);
  else fields.push(`exposure: 'internal'`);
  if (i % 7 === 0) fields.push(`pairGroup: 'pair${((i / 7) % pairGroupCount(n)) | 0}'`);
  // Depend on an earlier tool of the same file, so chains stay short as in real catalogs.
  const first = i - (i % TOOLS_PER_FILE);
  if (i % 5 === 2 && i - 2 >= first) fields.push(`dependsOn: ['${toolKey(i - 2)}']`);
  fields.push(
    `groups: ['${GROUPS[i % GROUPS.length]}'${i % 3 === 0 ? `, '${GROUPS[(i + 1) % GROUPS.length]}'` : ''}]`,
  );
  if (i % 6 === 0) fields.push(`approval: 'auto'`);
  if (i % 11 === 0) fields.push(`restricted: true`);
  fields.push(`icon: 'icon-${i % 40}'`);
  fields.push(
    `label: 'Tool ${i}${variant ? ` (v${variant})` : ''}', description: 'Does synthetic task number ${i} for the benchmark'`,
  );
  return `  ${key}: {\n    ${fields.join(',\n    ')},\n  },`;
}

const vocabularySource = (n) => `import { defineCatalog } from 'agent-tool-catalog';

export const bench = defineCatalog({
  categories: ${JSON.stringify(CATEGORIES)},
  conditions: {
${CONDITIONS.map((c) => `    '${c}': 'synthetic condition ${c}',`).join('\n')}
  },
  pairGroups: ${JSON.stringify(Array.from({ length: pairGroupCount(n) }, (_, i) => `pair${i}`))},
  groups: ${JSON.stringify(GROUPS)},
  callers: { FULL_AGENT: ['core', 'triggers', 'ops'], CHAT: ['core', 'chat_only', 'skill_builtin'], TRIGGER: ['triggers'] },
  servers: { ${SERVERS.map((s) => `'${s}': {}`).join(', ')} },
  channels: { ${CHANNELS.map((c) => `${c}: {}`).join(', ')} },
});
`;

/** Source of tools file `f` holding tools [from, to) plus `extra` declarations. */
function toolsFileSource(from, to, n, { variantOf, extra = [], skip } = {}) {
  const decls = [];
  for (let i = from; i < to; i++)
    if (i !== skip) decls.push(toolSource(i, n, i === variantOf ? 1 : 0));
  decls.push(...extra);
  return `import { bench } from '../bench.catalog';\n\nexport default bench.tools({\n${decls.join('\n')}\n});\n`;
}

const CONFIG = `import { defineConfig } from 'agent-tool-catalog';

export default defineConfig({
  catalogs: {
    bench: {
      include: ['catalog/**/*.catalog.ts'],
      outDir: 'generated/bench',
      prefix: 'Bench',
      i18n: { locales: ['en', 'zh-cn', 'zh-tw'], prefix: 'agent.tools', missing: 'fallback' },
    },
  },
});
`;

export const toolsFilePath = (dir, f) =>
  path.join(dir, 'catalog', 'tools', `part${String(f).padStart(4, '0')}.catalog.ts`);

/** Writes a fresh catalog of `n` tools into `dir` (replacing it); returns the paths the scenarios edit. */
export function writeSyntheticCatalog(dir, n) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'catalog', 'tools'), { recursive: true });
  writeFileSync(path.join(dir, 'tool-catalog.config.ts'), CONFIG);
  writeFileSync(path.join(dir, 'catalog', 'bench.catalog.ts'), vocabularySource(n));
  const files = Math.ceil(n / TOOLS_PER_FILE);
  for (let f = 0; f < files; f++) {
    writeFileSync(
      toolsFilePath(dir, f),
      toolsFileSource(f * TOOLS_PER_FILE, Math.min(n, (f + 1) * TOOLS_PER_FILE), n),
    );
  }
  return { dir, n, files, config: path.join(dir, 'tool-catalog.config.ts') };
}

/** The watch scenarios: each rewrites the last tools file; `restore` puts it back. */
export function scenarioEdits(catalog) {
  const { dir, n, files } = catalog;
  const f = files - 1;
  const from = f * TOOLS_PER_FILE;
  const file = toolsFilePath(dir, f);
  const write = (opts) => writeFileSync(file, toolsFileSource(from, n, n, opts));
  // The removed tool is the last one: nothing depends on a later tool, so the catalog stays valid.
  return {
    file,
    edit: () => write({ variantOf: n - 1 }),
    add: () => write({ extra: [toolSource(n, n + 1)] }),
    remove: () => write({ skip: n - 1 }),
    restore: () => write({}),
  };
}

/**
 * One error in one tools file (the middle one, so the error is neither first nor last to be read):
 * an unknown category (the catalog evaluates, validation rejects it) or a syntax error (the bundler
 * rejects the file). `restore` puts the file back.
 */
export function scenarioErrors(catalog) {
  const { dir, n, files } = catalog;
  const f = files >> 1;
  const from = f * TOOLS_PER_FILE;
  const file = toolsFilePath(dir, f);
  const clean = toolsFileSource(from, Math.min(n, from + TOOLS_PER_FILE), n);
  const firstCategory = /category: '(\w+)'/;
  return {
    file,
    unknownCategory: () =>
      writeFileSync(
        file,
        clean.replace(firstCategory, (_, c) => `category: '${c.slice(0, -1)}'`),
      ),
    syntaxError: () =>
      writeFileSync(
        file,
        clean.replace(firstCategory, (_, c) => `category:: '${c}'`),
      ),
    restore: () => writeFileSync(file, clean),
  };
}
