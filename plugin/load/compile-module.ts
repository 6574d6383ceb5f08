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
import { mayRepeatKeys } from './repeated-keys-scan.js';
import { literalRequires, type RequireCall, topLevelAwait } from './source-nodes.js';
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
  /** Where it is written, found when asked (a refused import). */
  readonly place: () => { line: number; column: number };
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

/**
 * The module's imports after types are removed. Where each is written is found only when asked (a
 * refused import): that needs the parser's view of the module, which most runs never need.
 */
function importsOf(
  text: string,
  parse: () => ReturnType<Compiler['parseSync']>,
  requires: readonly RequireCall[],
  deps: readonly string[],
  dynamicDeps: readonly string[],
): ModuleImport[] {
  let places: Map<string, number> | undefined;
  const placeOf = (specifier: string) => {
    if (!places) {
      const found = new Map<string, number>();
      const note = (value: string, start: number) => {
        if (!found.has(value)) found.set(value, start);
      };
      const { module } = parse();
      for (const i of module.staticImports) note(i.moduleRequest.value, i.moduleRequest.start);
      for (const e of module.staticExports)
        for (const entry of e.entries)
          if (entry.moduleRequest) note(entry.moduleRequest.value, entry.moduleRequest.start);
      for (const d of module.dynamicImports) {
        const raw = text.slice(d.moduleRequest.start, d.moduleRequest.end);
        if (/^(['"])[^'"\\]*\1$/.test(raw)) note(raw.slice(1, -1), d.moduleRequest.start);
      }
      for (const r of requires) note(r.specifier, r.start);
      places = found;
    }
    return positionAt(text, places.get(specifier) ?? 0);
  };
  const listed = new Set<string>();
  const list = (specifiers: readonly string[], kind: ModuleImport['kind']): ModuleImport[] =>
    specifiers
      .filter((specifier) => !listed.has(specifier) && listed.add(specifier))
      .map((specifier) => ({ specifier, kind, place: () => placeOf(specifier) }));
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
  const { parseSync, transform, moduleRunnerTransform } = await loadCompiler();
  // The parser's view in JavaScript costs more than compiling (its tree comes as JSON): it is made
  // only for what the text may hold, or to say where something is.
  let parsed: ReturnType<Compiler['parseSync']> | undefined;
  const parse = () => (parsed ??= parseSync(file, text, { lang, sourceType: 'module' }));
  const refused = (message: string, offset: number): CompiledModule => ({
    code: '',
    imports: [],
    diagnostics: [syntaxDiagnostic(message, { file, ...positionAt(text, offset) })],
  });
  // Off the main thread: the files a run compiles at once are stripped side by side (cold, 20,000
  // tools: 174 ms of the main thread's time, 4.28 → 4.16 s a run).
  const stripped = await transform(file, text, { lang, sourceType: 'module' });
  if (stripped.errors.length > 0) {
    // The parser places the error (with what was found); the transformer's own message otherwise.
    const first =
      parse().errors[0] ??
      (stripped.errors[0] as unknown as ReturnType<typeof parse>['errors'][number]);
    return refused(
      syntaxWords(first.message, text, first.labels?.[0]),
      first.labels?.[0]?.start ?? 0,
    );
  }
  // Evaluation has a time limit and a module must settle within it: a module that waits at its top
  // level is refused where it waits, before anything runs.
  const waits = text.includes('await') ? topLevelAwait(parse().program) : undefined;
  if (waits !== undefined)
    return refused(
      'A catalog or config module cannot wait at its top level (await): it is evaluated as plain ' +
        'data, so compute the value without awaiting, or move the work out of the catalog.',
      waits,
    );
  const diagnostics = mayRepeatKeys(text, lang === 'tsx' || lang === 'jsx')
    ? duplicateKeys(file, text, parse().program)
    : [];
  const requires = text.includes('require') ? literalRequires(parse().program) : [];
  const runner = await moduleRunnerTransform(runnerName(file), stripped.code);
  return {
    code: runner.code,
    imports: importsOf(text, parse, requires, runner.deps, runner.dynamicDeps),
    diagnostics,
  };
}

/**
 * Each file's last compilation, kept by a watch session (an edit compiles one file). A run compiles
 * each file once (again only to locate an error), so it holds none: ~12 MB at 20,000 tools.
 */
const COMPILED = memoSlot<string, { text: string; result: Promise<CompiledModule> }>(
  'compiled module',
  { watchOnly: true },
);

/** Compiles `text`, the content of `file`; a watch session keeps the last compilation of each file. */
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
