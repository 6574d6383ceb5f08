// Compiles one catalog or config module on its own, for the loader in the evaluation process: oxc
// (through rolldown, which needs no install script) removes TypeScript and JSX syntax, then turns the
// module's imports and exports into calls of that loader. The parser also finds what evaluation
// would hide: a key written twice in one object literal. Nothing here runs the module's code.
import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';
import path from 'node:path';
import {
  DIAGNOSTIC_CODES,
  type PendingDiagnostic,
  type SourcePosition,
} from '../diagnostics/diagnostics.js';
import { keepLast, lastKept, memoSlot } from '../session-memory.js';
import { lineColumnAt as positionAt } from '../text/json-position.js';
import { duplicateKeys } from './duplicate-keys.js';
import { literalRequires, topLevelAwait } from './source-nodes.js';
import { syntaxWords } from './syntax-words.js';

/** The names the compiled code calls the loader by (its parameters in the evaluation process). */
export const LOADER_PARAMETERS = [
  '__vite_ssr_import__',
  '__vite_ssr_dynamic_import__',
  '__vite_ssr_exports__',
  '__vite_ssr_exportAll__',
  '__vite_ssr_import_meta__',
] as const;

/** An import the compiled code makes, as written, and where it is written (1-based). */
interface ModuleImport {
  readonly specifier: string;
  readonly line: number;
  readonly column: number;
  /** How: a static import or re-export (run first), `import()`, or `require()` (also run first). */
  readonly kind: 'static' | 'dynamic' | 'require';
}

export interface CompiledModule {
  /** The module's body for the loader: runs with `LOADER_PARAMETERS` in scope (may await). */
  readonly code: string;
  /** What it imports (static imports, re-exports, `import()` or `require()` of a literal name), types removed. */
  readonly imports: readonly ModuleImport[];
  /** Syntax errors (nothing else is then compiled) and keys written twice. */
  readonly diagnostics: readonly PendingDiagnostic[];
}

type Compiler = typeof import('rolldown/experimental');
let compiler: Promise<Compiler> | undefined;
/** Loaded on first use: a command that evaluates nothing does not load the compiler. */
const loadCompiler = () => (compiler ??= import('rolldown/experimental'));

type Lang = 'ts' | 'tsx' | 'js' | 'jsx';
const langOf = (file: string): Lang | 'json' => {
  const ext = path.extname(file);
  if (ext === '.json') return 'json';
  if (ext === '.tsx' || ext === '.jsx') return ext.slice(1) as Lang;
  return /^\.[cm]?ts$/.test(ext) ? 'ts' : 'js';
};

/**
 * The name the runner transform gets: its input is plain JavaScript by then, and a name it does not
 * know as a module's (a file without extension, as `./y` may resolve to) makes it return nothing.
 */
const runnerName = (file: string) => `${file}.js`;

const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

function syntaxDiagnostic(message: string, at: SourcePosition): PendingDiagnostic {
  return { code: DIAGNOSTIC_CODES.syntax, severity: 'error', message: sentence(message), at };
}

/** A JSON module: its value, parsed as JSON (not as JavaScript: `__proto__` stays a key). */
function compileJson(file: string, text: string): CompiledModule {
  try {
    JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const offset = Number(/at position (\d+)/.exec(message)?.[1] ?? 0);
    return {
      code: '',
      imports: [],
      diagnostics: [
        syntaxDiagnostic(message.replace(/ in JSON at position \d+.*$/, ' in JSON'), {
          file,
          ...positionAt(text, offset),
        }),
      ],
    };
  }
  return {
    code:
      `Object.defineProperty(__vite_ssr_exports__, "default", { enumerable: true, ` +
      `value: JSON.parse(${JSON.stringify(text)}) });`,
    imports: [],
    diagnostics: [],
  };
}

/** The module's imports after types are removed, placed where the source writes them. */
function importsOf(
  text: string,
  parsed: ReturnType<Compiler['parseSync']>,
  deps: readonly string[],
  dynamicDeps: readonly string[],
): ModuleImport[] {
  const places = new Map<string, number>();
  const note = (value: string, start: number) => {
    if (!places.has(value)) places.set(value, start);
  };
  const { module } = parsed;
  for (const i of module.staticImports) note(i.moduleRequest.value, i.moduleRequest.start);
  for (const e of module.staticExports)
    for (const entry of e.entries)
      if (entry.moduleRequest) note(entry.moduleRequest.value, entry.moduleRequest.start);
  for (const d of module.dynamicImports) {
    const raw = text.slice(d.moduleRequest.start, d.moduleRequest.end);
    if (/^(['"])[^'"\\]*\1$/.test(raw)) note(raw.slice(1, -1), d.moduleRequest.start);
  }
  const requires = literalRequires(parsed.program);
  for (const r of requires) note(r.specifier, r.start);
  const listed = new Set<string>();
  const list = (specifiers: readonly string[], kind: ModuleImport['kind']) =>
    specifiers
      .filter((specifier) => !listed.has(specifier) && listed.add(specifier))
      .map((specifier) => ({ specifier, ...positionAt(text, places.get(specifier) ?? 0), kind }));
  return [
    ...list(deps, 'static'),
    ...list(
      requires.map((r) => r.specifier),
      'require',
    ),
    ...list(dynamicDeps, 'dynamic'),
  ];
}

async function compileScript(file: string, text: string, lang: Lang): Promise<CompiledModule> {
  const { parseSync, transformSync, moduleRunnerTransform } = await loadCompiler();
  const parsed = parseSync(file, text, { lang, sourceType: 'module' });
  const refused = (message: string, offset: number): CompiledModule => ({
    code: '',
    imports: [],
    diagnostics: [syntaxDiagnostic(message, { file, ...positionAt(text, offset) })],
  });
  const first = parsed.errors[0];
  if (first)
    return refused(
      syntaxWords(first.message, text, first.labels?.[0]),
      first.labels?.[0]?.start ?? 0,
    );
  // Evaluation has a time limit and a module must settle within it: a module that waits at its top
  // level is refused where it waits, before anything runs.
  const waits = topLevelAwait(parsed.program);
  if (waits !== undefined)
    return refused(
      'A catalog or config module cannot wait at its top level (await): it is evaluated as plain ' +
        'data, so compute the value without awaiting, or move the work out of the catalog.',
      waits,
    );
  const diagnostics = duplicateKeys(file, text, parsed.program);
  const stripped = transformSync(file, text, { lang, sourceType: 'module' });
  const failed = stripped.errors[0] as (typeof parsed.errors)[number] | undefined;
  if (failed)
    return refused(
      syntaxWords(failed.message, text, failed.labels?.[0]),
      failed.labels?.[0]?.start ?? 0,
    );
  const runner = await moduleRunnerTransform(runnerName(file), stripped.code);
  return {
    code: runner.code,
    imports: importsOf(text, parsed, runner.deps, runner.dynamicDeps),
    diagnostics,
  };
}

/** Each file's last compilation, kept by the run or watch session (an edit compiles one file). */
const COMPILED = memoSlot<string, { text: string; result: Promise<CompiledModule> }>(
  'compiled module',
);

/** Compiles `text`, the content of `file`; a run or session keeps the last compilation of each file. */
export function compileModule(file: string, text: string): Promise<CompiledModule> {
  const kept = lastKept(COMPILED, file);
  if (kept?.text === text) return kept.result;
  const lang = langOf(file);
  const result =
    lang === 'json' ? Promise.resolve(compileJson(file, text)) : compileScript(file, text, lang);
  keepLast(COMPILED, file, { text, result });
  return result;
}

/**
 * Where a position in a module's compiled code (1-based) was written in its source: compiled again
 * with source maps (only when something must be located), through both steps.
 */
export async function sourcePosition(
  file: string,
  text: string,
  line: number,
  column: number,
): Promise<SourcePosition | undefined> {
  const lang = langOf(file);
  if (lang === 'json') return { file, line: 1, column: 1 };
  const { transformSync, moduleRunnerTransform } = await loadCompiler();
  const stripped = transformSync(file, text, { lang, sourceType: 'module', sourcemap: true });
  const runner = await moduleRunnerTransform(runnerName(file), stripped.code, { sourcemap: true });
  if (runner.code !== (await compileModule(file, text)).code || !stripped.map || !runner.map)
    return undefined;
  const step = (map: unknown, l: number, c: number) =>
    new SourceMap(map as SourceMapPayload).findEntry(l - 1, c - 1) as Partial<SourceMapping>;
  const mid = step(runner.map, line, column);
  if (mid.originalLine === undefined) return undefined;
  const original = step(stripped.map, mid.originalLine + 1, mid.originalColumn! + 1);
  if (original.originalLine === undefined) return undefined;
  return { file, line: original.originalLine + 1, column: original.originalColumn! + 1 };
}
