// `node runtime-calls.mjs <bundle.mjs> <runs>`: per-call cost of the generated policy and tool-name
// functions (a fresh context per call, as per session) and how often each predicate actually ran.
import { pathToFileURL } from 'node:url';
import { summarise } from '../stats.mjs';

const [bundle, runs] = [process.argv[2], Number(process.argv[3])];
const generated = await import(pathToFileURL(bundle).href);
const find = (pattern) =>
  Object.entries(generated).find(
    ([name, value]) => pattern.test(name) && typeof value === 'function',
  );
const resolve = find(/^resolve[A-Z]\w*DisallowedTools$/);
const toolNames = find(/^[a-z]\w*ToolNames$/);
const createContext = find(/^create[A-Z]\w*ToolContext$/);
const registry = Object.entries(generated).find(([name]) => /_TOOL_REGISTRY$/.test(name))?.[1];
if (!createContext || !registry) {
  process.stdout.write(
    `${JSON.stringify({ unavailable: 'the generated code exports no create<Prefix>ToolContext / <PREFIX>_TOOL_REGISTRY' })}\n`,
  );
  process.exit(0);
}
const tools = Object.values(registry);
const fields = [
  ...new Set(
    generated[Object.keys(generated).find((n) => /_POLICY_TABLES$/.test(n))]?.conditions?.map(
      (c) => c.field,
    ) ?? [],
  ),
];
const groups = [...new Set(tools.flatMap((t) => t.groups))];
// A user who switched off a few of their toggles.
const agent = {
  disabledTools: tools
    .filter((t) => t.exposure === 'user')
    .slice(0, 3)
    .map((t) => t.key),
};

/** Predicates that count their own runs, so the bench does not trust the runtime's counter. */
function countingContext(counts) {
  const predicates = {};
  fields.forEach((field, i) => {
    predicates[field] = () => {
      counts.set(field, (counts.get(field) ?? 0) + 1);
      return i % 2 === 0;
    };
  });
  return createContext[1]({ predicates });
}

/** µs per call: batches long enough (~30 ms) to dwarf the clock's resolution. */
function perCall(fn) {
  for (let i = 0; i < 200; i++) fn();
  let batch = 1;
  for (let t = 0; t < 30; batch *= 2) {
    const started = performance.now();
    for (let i = 0; i < batch; i++) fn();
    t = performance.now() - started;
  }
  const values = [];
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    for (let i = 0; i < batch; i++) fn();
    values.push(((performance.now() - started) * 1000) / batch);
  }
  return summarise(values);
}

const results = { tools: tools.length, predicates: fields.length };
const scratch = new Map();
if (resolve)
  results.resolveDisallowedTools = perCall(() => resolve[1](agent, countingContext(scratch)));
else
  results.resolveDisallowedTools = { unavailable: 'no resolve<Prefix>DisallowedTools export yet' };
if (toolNames)
  results.toolNames = perCall(() => toolNames[1](countingContext(scratch), { include: groups }));
else results.toolNames = { unavailable: 'no <prefix>ToolNames export yet' };

// One session: both calls on one context; every predicate must have run exactly once.
const counts = new Map();
const context = countingContext(counts);
resolve?.[1](agent, context);
toolNames?.[1](context, { include: groups });
resolve?.[1](agent, context);
results.predicateRuns = Object.fromEntries(fields.map((f) => [f, counts.get(f) ?? 0]));
results.eachPredicateAtMostOnce = fields.every((f) => (counts.get(f) ?? 0) <= 1);
process.stdout.write(`${JSON.stringify(results)}\n`);
