// Watch mode keeps what the last run computed (evaluated modules, in memory and on disk, the model,
// rendered text) and reuses whatever did not change. Random edit sequences — add, remove, rename, change a field, move
// a tool between files, touch a file, edit the definition, add a file that changes another file's
// exports (and delete it at the next step) — must leave exactly the files (and the diagnostics) that
// a cold `generate` in a fresh process gives after every step.
import fc from 'fast-check';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGenerateSession } from '../../plugin/generate-session';
import { json, runBin } from '../support/cli';
import { removeTempDirs, tempDir } from '../support/files';

afterAll(removeTempDirs);

const SEQUENCES = Number(process.env.INCREMENTAL_PROPERTY_RUNS ?? 4);
const STEPS = 8;

const CATEGORIES = ['file', 'shell', 'web'];
const EXPOSURES = ['user', 'internal', 'disabled', 'conditional'] as const;
const GROUPS = ['core', 'chat', 'ops'];

interface Tool {
  key: string;
  category: string;
  exposure: (typeof EXPOSURES)[number];
  label: string;
  description: string;
  groups: string[];
  icon: string;
  mcp: boolean;
  dependsOn?: string;
}

interface Catalog {
  files: Tool[][];
  categoryLabel: string;
  /** Bumped by a "touch": the file's text changes, its data does not. */
  touches: number[];
  next: number;
  /** A file that sets a tool's label in another file's exports; gone again at the next step. */
  override?: { file: number; key: string; label: string };
}

const toolSource = (t: Tool) => {
  const fields = [
    t.mcp
      ? `kind: 'mcp', server: 'app', wire: ${JSON.stringify(t.key.toLowerCase())}`
      : `kind: 'sdk', sdkTyped: false`,
    `category: ${JSON.stringify(t.category)}`,
    `exposure: ${JSON.stringify(t.exposure)}`,
    ...(t.exposure === 'conditional' ? [`condition: 'has-git'`] : []),
    `groups: ${JSON.stringify(t.groups)}`,
    `label: ${JSON.stringify(t.label)}`,
    `description: ${JSON.stringify(t.description)}`,
    `icon: ${JSON.stringify(t.icon)}`,
    ...(t.dependsOn ? [`dependsOn: [${JSON.stringify(t.dependsOn)}]`] : []),
  ];
  return `  ${t.key}: { ${fields.join(', ')} },`;
};

function write(dir: string, c: Catalog): void {
  writeFileSync(
    path.join(dir, 'catalog/vocab.catalog.ts'),
    `import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ${JSON.stringify(CATEGORIES)}, categoryLabels: { web: ${JSON.stringify(c.categoryLabel)} }, conditions: { 'has-git': 'a git work tree' }, groups: ${JSON.stringify(GROUPS)}, callers: { AGENT: ['core', 'ops'], CHAT: ['chat'] }, servers: { app: {} } });\n`,
  );
  c.files.forEach((tools, f) => {
    const touched = '\n'.repeat(c.touches[f] ?? 0);
    writeFileSync(
      path.join(dir, `catalog/part${f}.catalog.ts`),
      `import { demo } from './vocab.catalog';\n${touched}export default demo.tools({\n${tools.map(toolSource).join('\n')}\n});\n`,
    );
  });
  const overrides = path.join(dir, 'catalog/overrides.catalog.ts');
  const o = c.override;
  if (o)
    writeFileSync(
      overrides,
      `import set from './part${o.file}.catalog';\nconst tool = (set as any).tools[${JSON.stringify(o.key)}];\nif (tool) tool.label = ${JSON.stringify(o.label)};\n`,
    );
  else rmSync(overrides, { force: true });
}

const newTool = (n: number, seed: number): Tool => ({
  key: `Tool${n}`,
  category: CATEGORIES[seed % CATEGORIES.length]!,
  exposure: EXPOSURES[seed % EXPOSURES.length]!,
  label: `Tool ${n}`,
  description: `Does task ${n}`,
  groups: [GROUPS[seed % GROUPS.length]!],
  icon: `icon-${seed % 5}`,
  mcp: seed % 3 === 0,
});

const op = fc.record({
  kind: fc.integer({ min: 0, max: 9 }),
  a: fc.nat(),
  b: fc.nat(),
  text: fc.string({ maxLength: 12 }),
});

/** Applies one random edit to the catalog's data; returns what it did, for the failure message. */
function apply(
  c: Catalog,
  { kind, a, b, text }: { kind: number; a: number; b: number; text: string },
): string {
  const all = c.files.flatMap((tools, f) => tools.map((t, i) => ({ t, f, i })));
  const pick = all[a % Math.max(1, all.length)];
  // An overrides file lives for one step: the step after it, it is deleted.
  const gone = c.override ? 'delete overrides; ' : '';
  c.override = undefined;
  return gone + edit(c, { kind, a, b, text }, all, pick);
}

function edit(
  c: Catalog,
  { kind, a, b, text }: { kind: number; a: number; b: number; text: string },
  all: { t: Tool; f: number; i: number }[],
  pick: { t: Tool; f: number; i: number } | undefined,
): string {
  switch (kind) {
    case 0: {
      const f = b % c.files.length;
      c.files[f]!.push(newTool(c.next, a));
      return `add Tool${c.next++} to part${f}`;
    }
    case 1:
      if (!pick || all.length < 3) return 'nothing to remove';
      c.files[pick.f]!.splice(pick.i, 1);
      return `remove ${pick.t.key}`;
    case 2:
      if (!pick) return 'nothing to rename';
      pick.t.key = `Renamed${c.next++}`;
      return `rename to ${pick.t.key}`;
    case 3:
      if (!pick) return 'nothing to relabel';
      pick.t.label = text;
      return `label of ${pick.t.key} = ${JSON.stringify(text)}`;
    case 4:
      if (!pick) return 'nothing to change';
      pick.t.exposure = EXPOSURES[b % EXPOSURES.length]!;
      pick.t.category = CATEGORIES[(a + b) % CATEGORIES.length]!;
      pick.t.groups = b % 4 === 0 ? [] : [GROUPS[b % GROUPS.length]!];
      return `exposure/category/groups of ${pick.t.key}`;
    case 5: {
      if (!pick) return 'nothing to move';
      const to = b % (c.files.length + 1);
      if (to === c.files.length) c.files.push([]);
      c.files[pick.f]!.splice(pick.i, 1);
      c.files[to]!.splice(b % (c.files[to]!.length + 1), 0, pick.t);
      return `move ${pick.t.key} to part${to}`;
    }
    case 6: {
      const f = b % c.files.length;
      c.touches[f] = (c.touches[f] ?? 0) + 1;
      return `touch part${f}`;
    }
    case 7:
      c.categoryLabel = text || 'Web';
      return `category label ${JSON.stringify(c.categoryLabel)}`;
    case 9:
      if (!pick) return 'nothing to override';
      c.override = { file: pick.f, key: pick.t.key, label: `Overridden ${text}` };
      return `overrides sets the label of ${pick.t.key} in part${pick.f}`;
    default: {
      if (!pick) return 'nothing to link';
      const other = all[b % all.length]!.t;
      // Possibly a cycle or, after a later removal or rename, a dangling reference: errors must match too.
      pick.t.dependsOn = other.key === pick.t.key ? undefined : other.key;
      return `${pick.t.key} depends on ${pick.t.dependsOn ?? 'nothing'}`;
    }
  }
}

const located = (
  diagnostics: readonly {
    code: string;
    position?: { file: string; line: number; column: number };
  }[],
) =>
  diagnostics
    .map(
      (d) =>
        `${d.code} ${d.position ? `${d.position.file}:${d.position.line}:${d.position.column}` : ''}`,
    )
    .sort();

/** Runs one edit sequence in a folder and a session of its own, checking every step against a cold run. */
async function checkSequence(ops: readonly Parameters<typeof apply>[1][]): Promise<void> {
  const dir = await tempDir('incremental');
  mkdirSync(path.join(dir, 'catalog'));
  // The session keeps evaluations on disk too (an app has a node_modules); the cold run does not.
  mkdirSync(path.join(dir, 'node_modules'));
  writeFileSync(
    path.join(dir, 'tool-catalog.config.ts'),
    "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'], i18n: { locales: ['en', 'zh-CN'], missing: 'fallback' } } } });\n",
  );
  const catalog: Catalog = { files: [[], []], categoryLabel: 'Web', touches: [], next: 0 };
  for (let i = 0; i < 8; i++) catalog.files[i % 2]!.push(newTool(catalog.next++, i));
  write(dir, catalog);
  const session = createGenerateSession({ cwd: dir });
  const steps: string[] = ['start'];
  try {
    for (const step of [undefined, ...ops]) {
      if (step) steps.push(apply(catalog, step));
      write(dir, catalog);
      const incremental = await session.run();
      const cold = await runBin(['generate', '--check', '--json'], dir, {
        TOOL_CATALOG_CACHE: '0',
      });
      const coldResult = json(cold);
      const where = steps.join(' → ');
      expect(located(incremental.diagnostics), where).toEqual(located(coldResult.diagnostics));
      // Written by the session and up to date for a fresh process: the same bytes.
      if (incremental.ok)
        expect(
          { code: cold.code, changed: coldResult.changed, orphaned: coldResult.orphaned },
          where,
        ).toEqual({
          code: 0,
          changed: [],
          orphaned: [],
        });
    }
  } finally {
    await session.dispose();
  }
}

const sequence = fc.array(op, { minLength: STEPS, maxLength: STEPS });

describe('incremental generation', () => {
  it(`equals a cold generate after every step of ${SEQUENCES} random edit sequences`, async () => {
    await fc.assert(
      // All the sequences drawn at once and run side by side (they share nothing): each step waits
      // on a fresh process, and one after the other they kept the machine mostly idle.
      fc.asyncProperty(
        fc.array(sequence, { minLength: SEQUENCES, maxLength: SEQUENCES }),
        async (sequences) => {
          // Every sequence ends (its session disposed) before the first failure is reported.
          const ended = await Promise.allSettled(sequences.map(checkSequence));
          const failed = ended.find((e) => e.status === 'rejected');
          if (failed) throw failed.reason;
        },
      ),
      // Each step runs a fresh process: shrinking a failure would take minutes, the first one is
      // reported (its steps are in the message; TC_SEED replays the run's sequences).
      { numRuns: 1, endOnFailure: true },
    );
  }, 300_000);
});
