// Bundles catalog or config modules with esbuild and evaluates the bundle in memory. Only the
// modules themselves and `agent-tool-catalog` may be imported, so no app code runs at build time.
import { build, type Message, type Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../validate/diagnostics';

export interface EvaluatedModule {
  /** Absolute path. */
  readonly file: string;
  readonly exports: Readonly<Record<string, unknown>>;
}

export interface EvaluationResult {
  readonly modules: readonly EvaluatedModule[];
  /** Every file the bundle read (absolute): what a watcher must watch. */
  readonly inputs: readonly string[];
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
      b.onResolve({ filter: /.*/ }, (args) => {
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

function messageToDiagnostic(m: Message, code: PendingDiagnostic['code'], cwd: string): PendingDiagnostic {
  const loc = m.location;
  return {
    code,
    severity: 'error',
    message: m.text.endsWith('.') ? m.text : `${m.text}.`,
    at: loc ? { file: path.resolve(cwd, loc.file), line: loc.line, column: loc.column + 1 } : undefined,
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
  try {
    const result = await build({
      stdin: { contents: stdin, resolveDir: options.cwd, sourcefile: '<tool-catalog-entry>', loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      metafile: true,
      sourcemap: options.sourcemap ? 'inline' : false,
      plugins: [importGuard(options.allowNodeBuiltins ?? false)],
    });
    code = result.outputFiles[0]!.text;
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
    const loaded = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
      default: Record<string, unknown>[];
    };
    const modules = files.map((file, i) => ({ file, exports: loaded.default[i]! }));
    return { modules, inputs, diagnostics: [] };
  } catch (error) {
    if (!options.sourcemap) return evaluateModules(files, { ...options, sourcemap: true });
    return { modules: [], inputs, diagnostics: [evaluationDiagnostic(error, files, options.cwd)] };
  }
}

/** A module threw while evaluated: point at the first stack frame inside one of the sources. */
function evaluationDiagnostic(error: unknown, files: readonly string[], cwd: string): PendingDiagnostic {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  let at: PendingDiagnostic['at'];
  for (const match of stack.matchAll(/\(?((?:file:\/\/)?[^\s()]+):(\d+):(\d+)\)?/g)) {
    const file = path.resolve(cwd, match[1]!.replace(/^file:\/\//, ''));
    if (files.includes(file) || existsSync(file)) {
      at = { file, line: Number(match[2]), column: Number(match[3]) };
      break;
    }
  }
  return {
    code: DIAGNOSTIC_CODES.evaluation,
    severity: 'error',
    message: `Evaluating the catalog threw "${message}"; catalog modules must be plain data, so remove the code that throws.`,
    at: at ?? (files[0] ? { file: files[0], line: 1, column: 1 } : undefined),
  };
}
