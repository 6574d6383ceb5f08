// Kept evaluations can never change an answer. Random sequences of edits — labels, the vocabulary,
// files touched, new files that take over an import (`labels.ts` beside `labels/index.ts`, `x.js`
// beside `x.ts`, a file `y` beside `y.ts`) and files that give it back, import specifiers rewritten,
// and the time limit changed — give, after every step, exactly the files and diagnostics of a cold
// run, both from a watch session (memory and disk) and from a new run that reads the disk cache.
// Seeded: the seed is printed, and CACHE_PROPERTY_SEED replays one.
import fc from 'fast-check';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { generate, type GenerateResult } from '../../plugin/generate';
import { createGenerateSession } from '../../plugin/generate-session';
import { removeTempDirs, tempDir } from '../support/files';

afterAll(removeTempDirs);

const RUNS = Number(process.env.CACHE_PROPERTY_RUNS ?? 3);
const STEPS = 10;
const SEED = Number(process.env.CACHE_PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** Every file an import may resolve to, relative to the catalog folder. */
const TAKEOVERS = ['labels.ts', 'labels.js', 'labels.mts', 'x.js', 'y'] as const;
const SPECIFIERS = ['./labels', './labels/index', './x.js', './y'] as const;

interface State {
  specifier: (typeof SPECIFIERS)[number];
  present: Set<(typeof TAKEOVERS)[number]>;
  label: string;
  categories: string[];
  touches: number;
  timeoutMs: number;
}

const labelModule = (text: string) => `export const label = ${JSON.stringify(text)};\n`;

function write(dir: string, s: State): void {
  const file = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  file(
    'tool-catalog.config.ts',
    `import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'], i18n: { locales: ['en', 'zh-CN'], missing: 'fallback' } } }, evaluationTimeoutMs: ${s.timeoutMs} });\n`,
  );
  file(
    'catalog/vocab.catalog.ts',
    `import { defineCatalog } from 'agent-tool-catalog';\nexport const demo = defineCatalog({ categories: ${JSON.stringify(s.categories)} });\n`,
  );
  file(
    'catalog/tools.catalog.ts',
    `import { demo } from './vocab.catalog';\nimport { label } from ${JSON.stringify(s.specifier)};\n${'\n'.repeat(s.touches)}export default demo.tools({ Read: { kind: 'sdk', category: 'file', label } });\n`,
  );
  // The files every specifier finds first, before any takeover.
  file('catalog/labels/index.ts', labelModule(`${s.label} (labels/index.ts)`));
  file('catalog/x.ts', labelModule(`${s.label} (x.ts)`));
  file('catalog/y.ts', labelModule(`${s.label} (y.ts)`));
  for (const takeover of TAKEOVERS) {
    const at = path.join(dir, 'catalog', takeover);
    if (s.present.has(takeover)) writeFileSync(at, labelModule(`${s.label} (${takeover})`));
    else rmSync(at, { force: true });
  }
}

const op = fc.oneof(
  fc.record({ kind: fc.constant('label' as const), text: fc.string({ maxLength: 8 }) }),
  fc.record({ kind: fc.constant('takeover' as const), file: fc.constantFrom(...TAKEOVERS) }),
  fc.record({ kind: fc.constant('specifier' as const), to: fc.constantFrom(...SPECIFIERS) }),
  fc.record({ kind: fc.constant('touch' as const) }),
  fc.record({ kind: fc.constant('vocabulary' as const), web: fc.boolean() }),
  // Limits that change the key of kept evaluations but never fire: whether a 1 ms limit fires depends on
  // the machine's load, so a cold run and a warm one could both be right and still differ.
  fc.record({ kind: fc.constant('timeout' as const), ms: fc.constantFrom(3_000, 4_000, 5_000) }),
);

type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** Applies one edit to the project's state; returns what it did, for the failure message. */
function apply(s: State, o: Op): string {
  switch (o.kind) {
    case 'label':
      s.label = o.text;
      return `label ${JSON.stringify(o.text)}`;
    case 'takeover':
      if (s.present.has(o.file)) s.present.delete(o.file);
      else s.present.add(o.file);
      return `${s.present.has(o.file) ? 'create' : 'delete'} ${o.file}`;
    case 'specifier':
      s.specifier = o.to;
      return `import from ${o.to}`;
    case 'touch':
      s.touches++;
      return 'touch tools.catalog.ts';
    case 'vocabulary':
      s.categories = o.web ? ['file', 'web'] : ['file'];
      return `categories ${s.categories.join(',')}`;
    case 'timeout':
      s.timeoutMs = o.ms;
      return `evaluationTimeoutMs ${o.ms}`;
  }
}

/** A run's answer: its diagnostics (where the time limit stopped depends on the machine's speed, so not its place) and its files. */
function answer(result: GenerateResult) {
  return {
    diagnostics: result.diagnostics
      .map((d) =>
        d.code === 'TC103'
          ? d.code
          : `${d.code} ${d.position?.file}:${d.position?.line}:${d.position?.column} ${d.message}`,
      )
      .sort(),
    files: Object.fromEntries(
      result.catalogs
        .flatMap((c) => [...c.files].map(([f, file]) => [f, file.content] as const))
        .sort(),
    ),
  };
}

describe('kept evaluations', () => {
  it(`give what a cold run gives after every step of ${RUNS} random edit sequences (seed ${SEED})`, async () => {
    console.log(
      `warm-equals-cold property: seed ${SEED} (replay with CACHE_PROPERTY_SEED=${SEED})`,
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: STEPS, maxLength: STEPS }), async (ops) => {
        const dir = await tempDir('warm-cold');
        mkdirSync(path.join(dir, 'node_modules'));
        const state: State = {
          specifier: './labels',
          present: new Set(),
          label: 'Read',
          categories: ['file'],
          touches: 0,
          timeoutMs: 5_000,
        };
        write(dir, state);
        const session = createGenerateSession({ cwd: dir, transientMs: 0 });
        const steps = ['start'];
        try {
          for (const step of [undefined, ...ops]) {
            if (step) steps.push(apply(state, step));
            write(dir, state);
            const where = steps.join(' → ');
            const inSession = answer(await session.run());
            const fromDisk = answer(await generate({ cwd: dir }));
            vi.stubEnv('TOOL_CATALOG_CACHE', '0');
            const cold = answer(await generate({ cwd: dir }));
            vi.unstubAllEnvs();
            expect(inSession, where).toEqual(cold);
            expect(fromDisk, where).toEqual(cold);
          }
        } finally {
          vi.unstubAllEnvs();
          await session.dispose();
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 600_000);
});
