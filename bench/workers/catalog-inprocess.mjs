// `node catalog-inprocess.mjs <dir> <n> <runs> [budget ms]`: our watch path in one process — a generate session
// (the `generateAndWrite` core plus kept esbuild contexts) running a full generate, regeneration after
// editing, adding and removing one tool, and a no-op run (which must write 0 files).
import { rmSync } from 'node:fs';
import path from 'node:path';
import * as api from '../../dist/api.js';
import { repeatAsync } from '../stats.mjs';
import { scenarioEdits, TOOLS_PER_FILE } from '../synthetic-catalog.mjs';

const [dir, n, runs, budget] = [
  process.argv[2],
  Number(process.argv[3]),
  Number(process.argv[4]),
  Number(process.argv[5] ?? Infinity),
];
const catalog = { dir, n, files: Math.ceil(n / TOOLS_PER_FILE) };
const edits = scenarioEdits(catalog);
// Without a session API (older builds) every run is a plain generateAndWrite.
const session = api.createGenerateSession?.({ cwd: dir }) ?? {
  run: () => api.generateAndWrite({ cwd: dir }),
  dispose: async () => {},
};
let lastWritten = 0;
const generateOnce = async () => {
  const started = performance.now();
  const result = await session.run();
  const ms = performance.now() - started;
  if (!result.ok || !result.report)
    throw new Error(`generate failed: ${JSON.stringify(result.diagnostics.slice(0, 3))}`);
  lastWritten = result.report.changed.length + result.report.orphaned.length;
  return ms;
};
const after = (change) => async () => {
  change();
  return generateOnce();
};

const results = {};
results.full = await repeatAsync(
  runs,
  generateOnce,
  () => rmSync(path.join(dir, 'generated'), { recursive: true, force: true }),
  budget,
);
results.edit = await repeatAsync(runs, after(edits.edit), after(edits.restore), budget);
results.add = await repeatAsync(runs, after(edits.add), after(edits.restore), budget);
results.remove = await repeatAsync(runs, after(edits.remove), after(edits.restore), budget);
await after(edits.restore)();
let noopWritten = 0;
results.noop = await repeatAsync(
  runs,
  async () => {
    const ms = await generateOnce();
    noopWritten += lastWritten;
    return ms;
  },
  undefined,
  budget,
);
results.noopFilesWritten = noopWritten;
results.session = typeof api.createGenerateSession === 'function';
await session.dispose();
// The same edit through a plain generateAndWrite (what a bundler plugin without a session pays).
results.editWithoutSession = await repeatAsync(
  runs,
  async () => {
    edits.edit();
    const started = performance.now();
    await api.generateAndWrite({ cwd: dir });
    return performance.now() - started;
  },
  async () => {
    edits.restore();
    await api.generateAndWrite({ cwd: dir });
  },
  budget,
);
process.stdout.write(`${JSON.stringify(results)}\n`);
