// Measures, in a real Vite dev server with the plugin, the time from saving a catalog edit to the
// regenerated files on disk at N tools (default 1,000). Not a test (speed is never asserted in unit
// tests): `npx tsx test/bundler/measure-dev-regeneration.ts [tools] [rounds]`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import { scenarioEdits, writeSyntheticCatalog } from '../../bench/synthetic-catalog.mjs';
import toolCatalog, { type GenerationEvent } from '../../plugin/bundler/vite';
import { ARTIFACTS } from '../support/paths';

const n = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 15);
const catalog = writeSyntheticCatalog(path.join(ARTIFACTS, 'measure-dev', `n${n}`), n);
const edits = scenarioEdits(catalog);
let waiting: ((e: GenerationEvent) => void) | undefined;
const server = await createServer({
  root: catalog.dir,
  configFile: false,
  logLevel: 'silent',
  server: { port: 0, hmr: false },
  plugins: [toolCatalog({ onGenerate: (e) => waiting?.(e) })],
});
const first = new Promise<GenerationEvent>((r) => (waiting = r));
await server.listen();
console.log(`cold generation at ${n} tools: ${(await first).durationMs.toFixed(1)} ms`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, change] of [
  ['edit a tool', edits.edit],
  ['add a tool', edits.add],
] as const) {
  const own: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const step of [change, edits.restore]) {
      const done = new Promise<GenerationEvent>((r) => (waiting = r));
      const saved = performance.now();
      step();
      const event = await done;
      const landed = performance.now();
      if (!event.ok || event.written.length === 0)
        throw new Error(`unexpected generation: ${JSON.stringify(event)}`);
      if (step === change) {
        own.push(event.durationMs);
        wall.push(landed - saved);
      }
    }
  }
  readFileSync(path.join(catalog.dir, 'generated/bench/registry.ts'), 'utf8');
  console.log(
    `${name}: our work median ${median(own).toFixed(1)} ms (min ${Math.min(...own).toFixed(1)}), save → files on disk median ${median(wall).toFixed(1)} ms, ${rounds} rounds`,
  );
}
await server.close();
