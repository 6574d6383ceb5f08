// `node stored-opt-outs.mjs <bundle.mjs> <runs>`: the time each reader of a stored opt-out list takes
// on a list of a million entries — migrate, validate, the session's options and the policy — for three
// shapes of list: one name stored a million times, a mix of every kind of entry, and a million
// distinct unknown names. The bundle is the default catalog's generated code with its runtime.
import { pathToFileURL } from 'node:url';
import { summarise } from '../stats.mjs';

const [bundle, runs] = [process.argv[2], Number(process.argv[3])];
const generated = await import(pathToFileURL(bundle).href);
const ENTRIES = 1_000_000;
const context = { workspaceHasGit: true, agentHasChannel: true };

/** The entry at `i` of a list of each shape. */
const SHAPES = {
  'one name': () => 'Bash',
  mixed: (i) =>
    [
      'Bash',
      `Bassh${i}`,
      'mcp__claw__cron',
      i,
      `mcp__other${i}__x`,
      'mcp__cherry-tools__*',
      null,
      { name: 'Grep' },
    ][i % 8],
  'distinct unknown names': (i) => `tool-${i}`,
};

const READERS = {
  migrate: (list) => generated.migrateClaudeOptOuts(list),
  validate: (list) => generated.validateClaudeOptOuts(list),
  session: (list) => generated.claudeSessionOptions({ context, agent: { disabledTools: list } }),
  resolve: (list) => generated.resolveClaudeToolPolicy({ disabledTools: list }, context),
};

const results = { entries: ENTRIES, readers: {} };
let slowest = 0;
for (const [shape, entryAt] of Object.entries(SHAPES)) {
  const list = Array.from({ length: ENTRIES }, (_, i) => entryAt(i));
  for (const [reader, read] of Object.entries(READERS)) {
    read(list.slice(0, 1000)); // warm-up
    const values = [];
    const cpu = [];
    for (let r = 0; r < runs; r++) {
      const used = process.cpuUsage();
      const started = performance.now();
      read(list);
      values.push(performance.now() - started);
      const { user, system } = process.cpuUsage(used);
      cpu.push((user + system) / 1000);
    }
    // CPU time beside the wall time: on a loaded machine the process gets a fraction of a core.
    const summary = { ...summarise(values), cpuMs: summarise(cpu).median };
    results.readers[`${reader}, ${shape}`] = summary;
    slowest = Math.max(slowest, summary.median);
  }
}
results.slowestMedianMs = slowest;
process.stdout.write(`${JSON.stringify(results)}\n`);
