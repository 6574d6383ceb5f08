// Keeps memoisation in one layer: what a run or watch session keeps lives in plugin/session-memory.ts;
// every other build-time module is a plain function of its inputs (the app-time runtime is apart).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../support/paths';
import { sourceFiles } from '../support/source-files';

/**
 * The one module that may hold kept results, and the runtime apps load — the core runtime and each
 * target's (its caches serve app run time).
 */
const SESSION_LAYER = 'plugin/session-memory.ts';
const RUNTIME = /^plugin\/(?:runtime|targets\/[^/]+\/runtime)\//;

/** Module-level state that keeps no result: each is named here with what it holds instead. */
const NOT_KEPT_RESULTS: Record<string, string> = {
  'plugin/verify/run-cleanup.ts': 'the verify runs still going, stopped when the process exits',
  'plugin/write/interrupt.ts':
    'the cleanups of the command running now, and the signal that is stopping it, for Ctrl-C and SIGTERM',
  'plugin/mcp/process-groups.ts':
    'the MCP server processes still alive, killed when the process exits',
  'plugin/drift/read-sdk-types.ts': 'the parser module, imported on first use',
  'plugin/load/compile-module.ts': 'the compiler module, imported on first use',
  'plugin/verify/fake-api.ts': 'a counter for message ids',
  'plugin/load/evaluation-process.ts':
    'the evaluation process per project outside a watch session, running until idle (a watch session keeps its own), and one the CLI starts before a project asks',
};

/** Each line of `source` that holds a memo structure: `file:line: text`. */
function memoStructures(file: string, source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, i) => {
    const topLevel = /^(?:export )?(?:const|let) /.test(line);
    if (
      /\bnew Weak(?:Map|Set)\b/.test(line) ||
      /\bkeptPer\b/.test(line) ||
      // A mutable map or an empty set at module level lives as long as the process.
      (topLevel && /=\s*new (?:Map\b|Set(?:<[^>]*>)?\(\))/.test(line)) ||
      // A module-level variable filled later (`let cached: T | undefined`, `let n = 0`).
      /^(?:export )?let /.test(line)
    )
      found.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return found;
}

describe('memo structures', () => {
  it('are recognised: WeakMaps, keptPer, module-level maps, empty sets and variables', () => {
    const sample = [
      'const kept = new WeakMap<object, string>();',
      'const rows = keptPer((t: Tool) => t.key);',
      'const byFile = new Map<string, string>();',
      'export const seen = new Set<string>();',
      'let cached: TemplateSet | undefined;',
      "const NAMES = new Set(['a', 'b']);",
      '  const local = new Map<string, number>();',
    ].join('\n');
    expect(memoStructures('x.ts', sample)).toEqual([
      'x.ts:1: const kept = new WeakMap<object, string>();',
      'x.ts:2: const rows = keptPer((t: Tool) => t.key);',
      'x.ts:3: const byFile = new Map<string, string>();',
      'x.ts:4: export const seen = new Set<string>();',
      'x.ts:5: let cached: TemplateSet | undefined;',
    ]);
  });

  it('live only in the session layer (and the runtime apps load)', () => {
    const files = sourceFiles('plugin').filter((f) => f !== SESSION_LAYER && !RUNTIME.test(f));
    expect(files.length).toBeGreaterThan(50);
    const outside = files
      .filter((f) => !(f in NOT_KEPT_RESULTS))
      .flatMap((f) => memoStructures(f, readFileSync(path.join(REPO, f), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('are found in the session layer, so the check reads the right files', () => {
    expect(
      memoStructures(SESSION_LAYER, readFileSync(path.join(REPO, SESSION_LAYER), 'utf8')).length,
    ).toBeGreaterThan(0);
  });

  it('has exceptions that still hold module-level state (an exception no longer needed goes)', () => {
    for (const file of Object.keys(NOT_KEPT_RESULTS))
      expect(memoStructures(file, readFileSync(path.join(REPO, file), 'utf8')), file).not.toEqual(
        [],
      );
  });
});
