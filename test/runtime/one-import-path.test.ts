// One import path: the generated folder re-exports the runtime it runs on, and the runtime's error
// classes match by `instanceof` across copies — the output folder's own copy, the package source and
// the built package an app imports as `agent-tool-catalog/runtime` — in both directions.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as generated from '../../generated/claude';
import * as source from '../../plugin/runtime';
import { repoPath } from '../support/paths';

/** The error a copy of the runtime throws when one key is registered twice. */
function duplicateFrom(runtime: typeof source): unknown {
  try {
    runtime.createToolCatalog([
      { key: 'a', kind: 'sdk', groups: [] },
      { key: 'a', kind: 'sdk', groups: [] },
    ]);
  } catch (error) {
    return error;
  }
  throw new Error('registering a key twice did not throw');
}

/** The error a copy of the runtime throws when a builder names its tool differently from the catalog. */
function mismatchFrom(runtime: typeof source): unknown {
  const catalog = runtime.createToolCatalog(
    [{ key: 'cron', kind: 'mcp', groups: ['g'], server: 'app', names: ['mcp__app__cron'] }],
    { bindings: { cron: { build: () => ({ name: 'cron_v2' }) } } },
  );
  try {
    catalog.buildTools(runtime.createToolContext(), { include: ['g'] });
  } catch (error) {
    return error;
  }
  throw new Error('a misnamed builder did not throw');
}

describe('one import path', () => {
  it('the generated folder re-exports its own runtime copy, a different module from the package source', () => {
    expect(readFileSync(repoPath('generated/claude/index.ts'), 'utf8')).toContain(
      "export * from './runtime/index';",
    );
    expect(generated.createToolCatalog).toBeTypeOf('function');
    expect(generated.DuplicateToolError).toBeTypeOf('function');
    // Two class objects: without the registered symbol, `instanceof` would fail across them.
    expect(generated.DuplicateToolError).not.toBe(source.DuplicateToolError);
    expect(generated.BuiltNameMismatchError).not.toBe(source.BuiltNameMismatchError);
  });

  it('an error thrown by the generated copy is an instance of the package class, and the other way round', async () => {
    const built = (await import('agent-tool-catalog/runtime')) as unknown as typeof source;
    expect(built.DuplicateToolError).not.toBe(source.DuplicateToolError);
    const copies = [generated as unknown as typeof source, source, built];
    for (const thrower of copies) {
      const duplicate = duplicateFrom(thrower);
      const mismatch = mismatchFrom(thrower);
      for (const checker of copies) {
        expect(duplicate).toBeInstanceOf(checker.DuplicateToolError);
        expect(mismatch).toBeInstanceOf(checker.BuiltNameMismatchError);
        expect(duplicate).not.toBeInstanceOf(checker.BuiltNameMismatchError);
        expect(mismatch).not.toBeInstanceOf(checker.DuplicateToolError);
      }
      expect(duplicate).toBeInstanceOf(Error);
    }
    expect({ name: 'DuplicateToolError', message: 'look-alike' }).not.toBeInstanceOf(
      source.DuplicateToolError,
    );
  });

  it('a subclass keeps the exact prototype check', () => {
    class AppError extends source.DuplicateToolError {}
    expect(new AppError('x')).toBeInstanceOf(generated.DuplicateToolError);
    expect(new source.DuplicateToolError('x')).not.toBeInstanceOf(AppError);
    expect(new AppError('x')).toBeInstanceOf(AppError);
  });
});
