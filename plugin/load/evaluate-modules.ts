// Bundles catalog or config modules with esbuild and evaluates the bundle in memory. Only the
// modules themselves and `agent-tool-catalog` may be imported, so no app code runs at build time.
import type { Message, Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIAGNOSTIC_CODES, type PendingDiagnostic, type SourcePosition } from '../diagnostics/diagnostics.js';
import { buildInSession } from './incremental-builds.js';

export interface EvaluatedModule {
  /** Absolute path. */
  readonly file: string;
  readonly exports: Readonly<Record<string, unknown>>;
}

export interface EvaluationResult {
  readonly modules: readonly EvaluatedModule[];
  /** Every file the bundle read (absolute): what a watcher must watch. */
  readonly inputs: readonly string[];
  /** Problems found while bundling; `modules` is empty when one of them stopped the evaluation. */
  readonly diagnostics: readonly PendingDiagnostic[];
}

/** The authoring API the evaluated modules get for `import … from 'agent-tool-catalog'`. */
function authoringEntry(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, '../index.ts'), path.join(here, 'index.js'), path.join(here, '../index.js')];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`agent-tool-catalog: cannot find its authoring entry near ${here}`);
  return found;
}

const PACKAGE_NAME = 'agent-tool-catalog';

function importGuard(allowNodeBuiltins: boolean): Plugin {
  const entry = authoringEntry();
  return {
    name: 'tool-catalog-import-guard',
    setup(b) {
      // Only specifiers that are not relative or POSIX-absolute reach JavaScript: each callback is a
      // round trip to esbuild's process, and relative imports (every catalog file) need no check.
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (args.path === PACKAGE_NAME) return { path: entry };
        if (args.path.startsWith('.') || path.isAbsolute(args.path)) return undefined;
        if (allowNodeBuiltins && args.path.startsWith('node:')) return { path: args.path, external: true };
        return {
          errors: [
            {
              text: `"${args.path}" cannot be imported here: catalog and config modules may import only "${PACKAGE_NAME}" and each other, so no app code runs at build time; move the value into the catalog or reference the module with { module, export }`,
            },
          ],
        };
      });
    },
  };
}

/** esbuild counts columns in UTF-8 bytes; editors and code frames count UTF-16 units. */
function utf16Column(lineText: string, byteColumn: number): number {
  return Buffer.from(lineText, 'utf8').subarray(0, byteColumn).toString('utf8').length + 1;
}

function messagePosition(loc: Message['location'], cwd: string) {
  return loc ? { file: path.resolve(cwd, loc.file), line: loc.line, column: utf16Column(loc.lineText, loc.column) } : undefined;
}

function messageToDiagnostic(m: Message, code: PendingDiagnostic['code'], cwd: string): PendingDiagnostic {
  return {
    code,
    severity: 'error',
    message: m.text.endsWith('.') ? m.text : `${m.text}.`,
    at: messagePosition(m.location, cwd),
  };
}

/**
 * A key written twice in one object literal silently keeps the last value once evaluated, so the
 * loader could never see it; esbuild's parser does, and its warning becomes a located error.
 */
function duplicateKeyDiagnostic(m: Message, cwd: string): PendingDiagnostic {
  const key = /"(.*)"/.exec(m.text)?.[1] ?? '?';
  const original = m.notes[0]?.location;
  return {
    code: DIAGNOSTIC_CODES.duplicateKey,
    severity: 'error',
    message: `'${key}' is written twice in the same object literal, so the first one would be silently dropped; keep one (rename or delete this one).`,
    at: messagePosition(m.location, cwd),
    related: original ? [{ at: messagePosition(original, cwd)!, message: `'${key}' is first written here` }] : undefined,
  };
}

function isBuildFailure(e: unknown): e is { errors: Message[] } {
  return typeof e === 'object' && e !== null && Array.isArray((e as { errors?: unknown }).errors);
}

/** Evaluates `files` (absolute paths) as one bundle; the result lists each file's exports. */
export async function evaluateModules(
  files: readonly string[],
  options: { cwd: string; allowNodeBuiltins?: boolean; sourcemap?: boolean },
): Promise<EvaluationResult> {
  const stdin = files.map((f, i) => `import * as m${i} from ${JSON.stringify(f)};`).join('\n') +
    `\nexport default [${files.map((_, i) => `m${i}`).join(', ')}];\n`;
  let code: string;
  let inputs: string[];
  let warnings: PendingDiagnostic[];
  try {
    // In a watch session (generate-session.ts) this rebuilds a kept esbuild context: only changed files are re-read.
    const result = await buildInSession(JSON.stringify([stdin, options.cwd, options.allowNodeBuiltins === true, options.sourcemap === true]), {
      stdin: { contents: stdin, resolveDir: options.cwd, sourcefile: '<tool-catalog-entry>', loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      // Without it esbuild reports paths relative to process.cwd(), which differs from `cwd` when
      // the config was found in a folder above the working directory.
      absWorkingDir: options.cwd,
      metafile: true,
      sourcemap: options.sourcemap ? 'inline' : false,
      plugins: [importGuard(options.allowNodeBuiltins ?? false)],
    });
    code = result.outputFiles[0]!.text;
    warnings = result.warnings
      .filter((w) => w.id === 'duplicate-object-key' && w.location && !w.location.file.includes('node_modules'))
      .map((w) => duplicateKeyDiagnostic(w, options.cwd));
    inputs = Object.keys(result.metafile.inputs)
      .filter((i) => !i.startsWith('<'))
      .map((i) => path.resolve(options.cwd, i));
  } catch (error) {
    if (!isBuildFailure(error)) throw error;
    const diagnostics = error.errors.map((m) =>
      messageToDiagnostic(m, m.pluginName ? DIAGNOSTIC_CODES.forbiddenImport : DIAGNOSTIC_CODES.syntax, options.cwd),
    );
    return { modules: [], inputs: [...files], diagnostics };
  }
  try {
    const loaded = (await importBundle(code)) as { default: Record<string, unknown>[] };
    const modules = files.map((file, i) => ({ file, exports: loaded.default[i]! }));
    return { modules, inputs, diagnostics: warnings };
  } catch (error) {
    // Only on this error path is the bundle rebuilt with a source map, to find the throwing line.
    if (!options.sourcemap) return evaluateModules(files, { ...options, sourcemap: true });
    return { modules: [], inputs, diagnostics: [...warnings, evaluationDiagnostic(error, code, files, options.cwd)] };
  }
}

const importBundle = (code: string) => import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);

/** The source position of the first stack frame inside the evaluated bundle, through its inline source map. */
function throwingPosition(stack: string, code: string, cwd: string): SourcePosition | undefined {
  const inline = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(code);
  if (!inline) return undefined;
  const map = new SourceMap(JSON.parse(Buffer.from(inline[1]!, 'base64').toString('utf8')) as SourceMapPayload);
  for (const match of stack.matchAll(/data:text\/javascript;base64,[A-Za-z0-9+/=]+:(\d+):(\d+)/g)) {
    const entry = map.findEntry(Number(match[1]) - 1, Number(match[2]) - 1) as Partial<SourceMapping>;
    if (!entry.originalSource || entry.originalSource.startsWith('<')) continue;
    return { file: path.resolve(cwd, entry.originalSource), line: entry.originalLine! + 1, column: entry.originalColumn! + 1 };
  }
  return undefined;
}

/** A module threw while evaluated: point at the line in the catalog sources that threw. */
function evaluationDiagnostic(error: unknown, code: string, files: readonly string[], cwd: string): PendingDiagnostic {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const at = throwingPosition(stack, code, cwd);
  return {
    code: DIAGNOSTIC_CODES.evaluation,
    severity: 'error',
    message: `Evaluating the catalog threw "${message}"; catalog modules must be plain data, so remove the code that throws.`,
    at: at ?? (files[0] ? { file: files[0], line: 1, column: 1 } : undefined),
  };
}
