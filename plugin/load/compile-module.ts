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
import { lineColumnAt as positionAt } from '../text/json-position.js';
import { duplicateKeys } from './duplicate-keys.js';

/** The names the compiled code calls the loader by (its parameters in the evaluation process). */
export const LOADER_PARAMETERS = [
  '__vite_ssr_import__',
  '__vite_ssr_dynamic_import__',
  '__vite_ssr_exports__',
  '__vite_ssr_exportAll__',
  '__vite_ssr_import_meta__',
] as const;

/** An import the compiled code makes, as written, and where it is written (1-based). */
export interface ModuleImport {
  readonly specifier: string;
  readonly line: number;
  readonly column: number;
  readonly dynamic: boolean;
}

export interface CompiledModule {
  /** The module's body for the loader: runs with `LOADER_PARAMETERS` in scope (may await). */
  readonly code: string;
  /** What it imports (static imports, re-exports, `import()` of a literal name), types removed. */
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

const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** oxc's words without its colours and code frame: `Expected `,` but found `}``. */
const oxcWords = (message: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes oxc writes
  message.replace(/\u001b\[[0-9;]*m/g, '').split('\n')[0]!.replace(/^\[\w+\]\s*/, '');

function syntaxDiagnostic(file: string, message: string, at: SourcePosition): PendingDiagnostic {
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
        syntaxDiagnostic(file, message.replace(/ in JSON at position \d+.*$/, ' in JSON'), {
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
  parsed: ReturnType<Compiler['parseSync']>['module'],
  deps: readonly string[],
  dynamicDeps: readonly string[],
): ModuleImport[] {
  const places = new Map<string, number>();
  const note = (value: string, start: number) => {
    if (!places.has(value)) places.set(value, start);
  };
  for (const i of parsed.staticImports) note(i.moduleRequest.value, i.moduleRequest.start);
  for (const e of parsed.staticExports)
    for (const entry of e.entries)
      if (entry.moduleRequest) note(entry.moduleRequest.value, entry.moduleRequest.start);
  for (const d of parsed.dynamicImports) {
    const raw = text.slice(d.moduleRequest.start, d.moduleRequest.end);
    if (/^(['"])[^'"\\]*\1$/.test(raw)) note(raw.slice(1, -1), d.moduleRequest.start);
  }
  const at = (specifier: string) => positionAt(text, places.get(specifier) ?? 0);
  return [
    ...deps.map((specifier) => ({ specifier, ...at(specifier), dynamic: false })),
    ...dynamicDeps
      .filter((d) => !deps.includes(d))
      .map((specifier) => ({ specifier, ...at(specifier), dynamic: true })),
  ];
}

async function compileScript(file: string, text: string, lang: Lang): Promise<CompiledModule> {
  const { parseSync, transformSync, moduleRunnerTransform } = await loadCompiler();
  const parsed = parseSync(file, text, { lang, sourceType: 'module' });
  const first = parsed.errors[0];
  if (first) {
    const offset = first.labels?.[0]?.start ?? 0;
    return {
      code: '',
      imports: [],
      diagnostics: [syntaxDiagnostic(file, oxcWords(first.message), { file, ...positionAt(text, offset) })],
    };
  }
  const diagnostics = duplicateKeys(file, text, parsed.program);
  const stripped = transformSync(file, text, { lang, sourceType: 'module' });
  const failed = stripped.errors[0] as { message: string; loc?: { line: number; column: number } };
  if (failed)
    return {
      code: '',
      imports: [],
      diagnostics: [
        syntaxDiagnostic(file, oxcWords(failed.message), {
          file,
          line: failed.loc?.line ?? 1,
          column: (failed.loc?.column ?? 0) + 1,
        }),
      ],
    };
  const runner = await moduleRunnerTransform(file, stripped.code);
  return {
    code: runner.code,
    imports: importsOf(text, parsed.module, runner.deps, runner.dynamicDeps),
    diagnostics,
  };
}

const compiled = new Map<string, { text: string; result: Promise<CompiledModule> }>();

/** Compiles `text`, the content of `file`; the last compilation of each file is kept. */
export function compileModule(file: string, text: string): Promise<CompiledModule> {
  const kept = compiled.get(file);
  if (kept?.text === text) return kept.result;
  const lang = langOf(file);
  const result =
    lang === 'json' ? Promise.resolve(compileJson(file, text)) : compileScript(file, text, lang);
  compiled.set(file, { text, result });
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
  const runner = await moduleRunnerTransform(file, stripped.code, { sourcemap: true });
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
