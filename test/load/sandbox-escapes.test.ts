// Known ways out of a V8 context, tried from a catalog module as the real binary runs it. Each probe
// writes a marker file if it reaches Node's `process`; none may, and each run ends in a diagnostic
// or a normal result, never a hang or a stack trace.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin } from '../support/cli';
import { removeTempDirs, tempDir, writeFiles } from '../support/files';

afterAll(removeTempDirs);

/** Code that, given a candidate `process`, writes the marker file through it. */
const payload = (candidate: string) =>
  `const p: any = ${candidate};\nif (p && typeof p.getBuiltinModule === 'function') p.getBuiltinModule('node:fs').writeFileSync(MARKER, 'escaped');`;

const PROBES: Record<string, string> = {
  'the Function constructor of module.exports': payload(
    `(() => { try { return (this as any).constructor.constructor('return process')(); } catch { return undefined; } })()`,
  ),
  'the Function constructor of the global object': payload(
    `(() => { try { return (globalThis as any).constructor.constructor('return process')(); } catch { return undefined; } })()`,
  ),
  'the Function constructor of require': payload(
    `(() => { try { return (require as any).constructor('return process')(); } catch { return undefined; } })()`,
  ),
  eval: payload(`(() => { try { return (0, eval)('process'); } catch { return undefined; } })()`),
  'the global this of a sloppy function': payload(
    `(function (this: any) { return this && this.process; }).call(undefined)`,
  ),
  'host frames from a stack trace (getThis)': payload(
    `(() => { const E: any = Error; E.prepareStackTrace = (_: unknown, calls: any[]) => calls.map((c) => { try { return c.getThis(); } catch { return undefined; } }).find((t) => t && t.process)?.process; const found = (new Error() as any).stack; E.prepareStackTrace = undefined; return found; })()`,
  ),
  'host functions from a stack trace (getFunction)': payload(
    `(() => { const E: any = Error; E.prepareStackTrace = (_: unknown, calls: any[]) => calls.map((c) => { try { return c.getFunction(); } catch { return undefined; } }).filter(Boolean); const fns: any[] = (new Error() as any).stack ?? []; E.prepareStackTrace = undefined; for (const f of fns) { try { const p = f.constructor('return process')(); if (p) return p; } catch {} } return undefined; })()`,
  ),
  'a dynamic import': `import('node:fs').then((fs: any) => fs.writeFileSync(MARKER, 'escaped')).catch(() => {});`,
  // The loader's own catch cannot serialize what JSON.stringify throws, so it reaches the host,
  // which must neither print it (Node's inspect would hand it host functions) nor read it.
  'a thrown object that Node would inspect': `JSON.stringify = () => { const hostile: any = {}; hostile[Symbol.for('nodejs.util.inspect.custom')] = (_d: unknown, _o: unknown, inspect: any) => { inspect.constructor('return process')().getBuiltinModule('node:fs').writeFileSync(MARKER, 'escaped'); return 'x'; }; throw hostile; };`,
  'a replaced JSON.stringify that throws a Proxy': `JSON.stringify = () => { throw new Proxy({}, { get: (_t, key) => (key === 'constructor' ? undefined : () => { for (;;) {} }) }); };`,
  'a replaced JSON.stringify that returns an object with a hostile toString': `JSON.stringify = (() => ({ toString() { for (;;) {} } })) as never;`,
};

describe('a catalog module trying to leave the sandbox', () => {
  it.each(Object.entries(PROBES))(
    'through %s: reaches nothing, and ends with a result or a diagnostic',
    async (_, probe) => {
      const dir = await tempDir('escape');
      const marker = path.join(dir, 'escaped.txt');
      writeFiles(dir, {
        'tool-catalog.config.ts':
          "import { defineConfig } from 'agent-tool-catalog';\nexport default defineConfig({ catalogs: { demo: { include: ['catalog/*.catalog.ts'] } }, evaluationTimeoutMs: 1000 });\n",
        'catalog/demo.catalog.ts': `import { defineCatalog } from 'agent-tool-catalog';\nconst MARKER = ${JSON.stringify(marker)};\n${probe}\nexport const demo = defineCatalog({ categories: ['file'] });\nexport default demo.tools({ Read: { kind: 'sdk', category: 'file' } });\n`,
      });
      const run = await runBin(['generate', '--check'], dir);
      expect(existsSync(marker), 'the probe reached process').toBe(false);
      // `--check` on a fresh folder reports files to write (1) or a diagnostic (1); never a crash.
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stderr + run.stdout).toMatch(/error TC\d{3}|would write|stale|missing/i);
    },
    30_000,
  );
});
