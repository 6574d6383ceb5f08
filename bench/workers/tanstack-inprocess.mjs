// `node tanstack-inprocess.mjs <dir> <n> <runs> [budget ms]`: TanStack's watch path in one process —
// a warm rerun, then editing, adding and removing one route file, each followed by `generator.run(event)`.
import { Generator, getConfig } from '@tanstack/router-generator';
import { repeatAsync } from '../stats.mjs';
import { routeEdits, tanstackOptions } from '../tanstack-routes.mjs';

const [dir, n, runs, budget] = [
  process.argv[2],
  Number(process.argv[3]),
  Number(process.argv[4]),
  Number(process.argv[5] ?? Infinity),
];
const generator = new Generator({ config: getConfig(tanstackOptions(dir), dir), root: dir });
const edits = routeEdits({ dir, n });
/** Changes the file (untimed, as for the catalog), then times the generator's run for that event. */
const after = (change) => async () => {
  const event = change();
  const started = performance.now();
  await generator.run(event);
  return performance.now() - started;
};
await generator.run();
const results = {};
results.full = await repeatAsync(
  runs,
  after(() => ({ type: 'rerun' })),
  undefined,
  budget,
);
results.edit = await repeatAsync(runs, after(edits.edit), after(edits.restore), budget);
results.add = await repeatAsync(
  runs,
  after(edits.add),
  async () => {
    // Each add starts from the routes without the added one (absent before the first).
    try {
      await after(edits.remove)();
    } catch {}
  },
  budget,
);
results.remove = await repeatAsync(runs, after(edits.remove), after(edits.add), budget);
process.stdout.write(`${JSON.stringify(results)}\n`);
