// The module graph of catalog or config entries, each module compiled on its own for the loader in the
// evaluation process. Every import is resolved by import-boundary.ts before anything is read (only
// `agent-tool-catalog` and regular files inside the project), and every file is read there with a
// size limit and a deadline: no app code, package or file outside the project is ever compiled.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DIAGNOSTIC_CODES,
  type PendingDiagnostic,
  type SourcePosition,
} from '../diagnostics/diagnostics.js';
import { fsErrorReason } from '../text/fs-error.js';
import { FILE_KIND_WORDS, readRegularFile, UnreadFile } from '../text/regular-file.js';
import { compileModule, sourcePosition, type CompiledModule } from './compile-module.js';
import {
  entryRefusal,
  importBoundary,
  MAX_MODULE_BYTES,
  MODULE_READ_DEADLINE_MS,
  resolveImport,
} from './import-boundary.js';
import { SourceReader, sourceTextsRead } from './source-reader.js';

/** One module as the evaluation process gets it. */
export interface GraphModule {
  /** Absolute path: its name in stack frames, and in the loader. */
  readonly file: string;
  readonly code: string;
  /** Names the compiled code (with its file): the evaluation process keeps what it compiled by it. */
  readonly hash: string;
  /** Each import as the compiled code makes it → the module it names. */
  readonly imports: Readonly<Record<string, string>>;
  /** The imports written as `require()`: run before the module, as its static imports are. */
  readonly requires: readonly string[];
}

export interface ModuleGraph {
  /** Every module reached from the entries (the authoring API's too). */
  readonly compiled: readonly GraphModule[];
  /** The app's modules, in the order their bodies run (each reports its end). */
  readonly modules: readonly string[];
  /** The text of every file compiled, exactly as compiled (absolute path → text). */
  readonly texts: ReadonlyMap<string, string>;
  /** Each file of the app: its imports, as written → the file each resolved to. */
  readonly imports: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The files of the authoring API that were compiled (part of every evaluation). */
  readonly packageFiles: readonly string[];
  readonly diagnostics: readonly PendingDiagnostic[];
  /** False when a diagnostic stops the run (any but a key written twice). */
  readonly runnable: boolean;
  /** The source position of a position in a module's compiled code (1-based), if it is the app's. */
  locate(file: string, line: number, column: number): Promise<SourcePosition | undefined>;
}

/** The authoring API the modules get for `import … from 'agent-tool-catalog'`. */
export function authoringEntry(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, '../index.ts'),
    path.join(here, 'index.js'),
    path.join(here, '../index.js'),
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`agent-tool-catalog: cannot find its authoring entry near ${here}`);
  return found;
}

/** Why a file the resolver let through could not be read after all (it changed, or a read hung). */
function unreadMessage(error: unknown, name: string): string {
  if (error instanceof UnreadFile)
    return error.reason === 'deadline'
      ? `${name} could not be read within ${MODULE_READ_DEADLINE_MS / 1000} s, so it was ` +
          `given up; move it to a local disk, or fix what holds it.`
      : error.reason === 'size'
        ? `${name} is larger than the ${MAX_MODULE_BYTES / 2 ** 20} MB a catalog or config ` +
          `module may be; split it, or keep the data out of the catalog.`
        : `${name} is ${FILE_KIND_WORDS[error.kind]}, not a regular file, so it is not read; ` +
          `import a .ts, .js or .json file.`;
  return (
    `${name} cannot be read: ${fsErrorReason(error) ?? String(error)}; fix its permissions or ` +
    `what stands there, and run again.`
  );
}

const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/**
 * Reads and compiles `entries` (absolute paths) and what they import, looking at each path through
 * `reader` (the evaluation's, which may have read some of the files already).
 */
export async function moduleGraph(
  entries: readonly string[],
  rootDir: string,
  reader: SourceReader = new SourceReader(),
): Promise<ModuleGraph> {
  const authoring = authoringEntry();
  const boundary = importBoundary(rootDir, authoring);
  const isPackageFile = (file: string) => file.startsWith(boundary.packageDir + path.sep);
  const texts = new Map<string, string>();
  const diagnostics: PendingDiagnostic[] = [];
  const error = (code: PendingDiagnostic['code'], message: string, at: SourcePosition) =>
    diagnostics.push({ code, severity: 'error', message: sentence(message), at });
  for (const entry of entries) {
    const why = entryRefusal(entry, boundary, reader);
    if (why !== undefined)
      error(DIAGNOSTIC_CODES.forbiddenImport, why, { file: entry, line: 1, column: 1 });
  }
  const compiled = new Map<string, { module: CompiledModule; imports: Map<string, string> }>();
  /** Reads and compiles `file`, imported at `from` (an entry: nowhere), then what it imports. */
  const visit = async (file: string, from: (() => SourcePosition) | undefined): Promise<void> => {
    if (texts.has(file) || compiled.has(file)) return;
    texts.set(file, '');
    let text = reader.readAlready(file) ?? reader.keptText(file);
    if (text === undefined)
      try {
        sourceTextsRead.count++;
        text = await readRegularFile(file, {
          maxBytes: MAX_MODULE_BYTES,
          deadlineMs: MODULE_READ_DEADLINE_MS,
        });
        reader.readElsewhere(file, text);
      } catch (cause) {
        texts.delete(file);
        // Not a regular file, or too large: refused; else the file system's own error.
        const code =
          cause instanceof UnreadFile && cause.reason !== 'deadline'
            ? DIAGNOSTIC_CODES.forbiddenImport
            : DIAGNOSTIC_CODES.syntax;
        error(
          code,
          unreadMessage(cause, path.relative(rootDir, file)),
          from?.() ?? { file, line: 1, column: 1 },
        );
        return;
      }
    texts.set(file, text);
    const module = await compileModule(file, text);
    diagnostics.push(...module.diagnostics);
    const imports = new Map<string, string>();
    compiled.set(file, { module, imports });
    const next: Promise<void>[] = [];
    for (const i of module.imports) {
      const resolved = resolveImport(i.specifier, file, boundary, reader);
      const at = () => ({ file, ...i.place() });
      if (resolved.kind !== 'file') {
        error(resolved.code, resolved.message, at());
        continue;
      }
      imports.set(i.specifier, resolved.file);
      next.push(visit(resolved.file, at));
    }
    await Promise.all(next);
  };
  if (diagnostics.length === 0) await Promise.all(entries.map((entry) => visit(entry, undefined)));
  const stopped = diagnostics.some((d) => d.code !== DIAGNOSTIC_CODES.duplicateKey);
  // Module bodies run in post-order from the entries: what a module imports runs before it.
  const order: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const found = compiled.get(file);
    if (!found) return;
    for (const i of found.module.imports)
      if (i.kind !== 'dynamic') walk(found.imports.get(i.specifier) ?? '');
    order.push(file);
  };
  for (const entry of entries) walk(entry);
  const appImports = new Map<string, ReadonlyMap<string, string>>();
  const packageFiles: string[] = [];
  for (const [file, { imports }] of compiled) {
    if (isPackageFile(file)) packageFiles.push(file);
    else
      appImports.set(
        file,
        new Map([...imports].filter(([, to]) => to !== authoring && to !== file)),
      );
  }
  return {
    compiled: stopped
      ? []
      : [...compiled].map(([file, { module, imports }]) => ({
          file,
          code: module.code,
          hash: createHash('sha1').update(file).update('\0').update(module.code).digest('hex'),
          imports: Object.fromEntries(imports),
          requires: module.imports.filter((i) => i.kind === 'require').map((i) => i.specifier),
        })),
    modules: order.filter((file) => !isPackageFile(file)),
    texts,
    imports: appImports,
    packageFiles,
    diagnostics,
    runnable: !stopped,
    async locate(file, line, column) {
      const text = texts.get(file);
      if (text === undefined || isPackageFile(file)) return undefined;
      return sourcePosition(file, text, line, column);
    },
  };
}
