// Reads one catalog's sources: expands the include globs, evaluates the modules, and picks out the
// catalog definition and every exported tool set, remembering which file each came from.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../diagnostics/diagnostics.js';
import {
  DEFAULT_EVALUATION_TIMEOUT_MS,
  evaluateModules,
  evaluationStore,
} from './evaluate-modules.js';
import { describeValue, isRecord, MARK } from '../language/plain-data.js';
import type { ResolvedCatalogConfig } from './load-config.js';
import { toPosix } from '../text/spelling.js';

export interface RawToolEntry {
  readonly key: string;
  readonly declaration: unknown;
  /** Absolute path of the file whose export holds the declaration. */
  readonly file: string;
}

export interface RawCatalog {
  readonly config: ResolvedCatalogConfig;
  readonly vocabulary?: Record<string, unknown>;
  /** The file that exports the `defineCatalog` result. */
  readonly definitionFile?: string;
  readonly tools: readonly RawToolEntry[];
  /** Catalog source files, sorted (absolute). */
  readonly files: readonly string[];
  /** Every file read while evaluating (absolute): the watch list. */
  readonly inputs: readonly string[];
  readonly diagnostics: readonly PendingDiagnostic[];
}

export async function listCatalogFiles(config: ResolvedCatalogConfig): Promise<string[]> {
  // Synchronous: a catalog folder is small, and each folder read through the thread pool would cost
  // every watch run a round trip.
  const files = globSync([...config.include], {
    cwd: config.rootDir,
    absolute: true,
    ignore: ['**/node_modules/**'],
  });
  return oncePerFile(files.map((f) => path.resolve(f)));
}

/**
 * Each file once: one reached by two paths (through a link to a folder above it, a link loop in the
 * catalog folder) is one module, listed by its shortest path.
 */
function oncePerFile(files: readonly string[]): string[] {
  const shortest = new Map<string, string>();
  const realOf = files.map((f) => {
    try {
      return realpathSync.native(f);
    } catch {
      return f; // not a file to dedupe (a dangling link): the loader says what is wrong with it
    }
  });
  files.forEach((f, i) => {
    const known = shortest.get(realOf[i]!);
    if (known === undefined || f.length < known.length) shortest.set(realOf[i]!, f);
  });
  return files.filter((f, i) => shortest.get(realOf[i]!) === f);
}

/** What the sandbox made of a `defineCatalog(...)` result or a `.tools({...})` set. */
interface EvaluatedCatalog {
  /** The module that first exported it and its place there: the same in every evaluation. */
  readonly id: string;
  readonly vocabulary: Record<string, unknown>;
}
interface EvaluatedToolSet {
  readonly id: string;
  readonly catalog: EvaluatedCatalog;
  readonly tools: Record<string, unknown>;
}
const markOf = (value: unknown) =>
  typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[MARK]
    : undefined;

const byPosixPath = (a: string, b: string) => {
  const pa = toPosix(a);
  const pb = toPosix(b);
  return pa < pb ? -1 : pa > pb ? 1 : 0;
};

/** How a load may use the evaluation caches. */
export interface LoadOptions {
  /** Write nothing, not even to the evaluation cache on disk (`generate --check`). */
  readonly readOnly?: boolean;
}

export async function loadCatalog(
  config: ResolvedCatalogConfig,
  options: LoadOptions = {},
): Promise<RawCatalog> {
  return loadCatalogFiles(config, await listCatalogFiles(config), options);
}

/** Loads the given files in a canonical order, whatever order they came in. */
export async function loadCatalogFiles(
  config: ResolvedCatalogConfig,
  unsortedFiles: readonly string[],
  options: LoadOptions = {},
): Promise<RawCatalog> {
  const files = [...unsortedFiles].sort(byPosixPath);
  const empty = { config, tools: [], files, inputs: files };
  if (files.length === 0) {
    return {
      ...empty,
      diagnostics: [
        {
          code: DIAGNOSTIC_CODES.emptyCatalog,
          severity: 'error',
          message:
            `The include globs of catalog '${config.name}' (` +
            `${config.include.join(', ')}) match no file; fix 'include' in ` +
            `${path.basename(config.configFile)}.`,
          at: {
            file: config.configFile,
            path: ['catalogs', config.name, 'include'],
            scope: 'config',
          },
        },
      ],
    };
  }
  const evaluated = await evaluateModules(files, {
    cwd: config.rootDir,
    timeoutMs: config.evaluationTimeoutMs ?? DEFAULT_EVALUATION_TIMEOUT_MS,
    store: evaluationStore(config.rootDir, options),
  });
  if (evaluated.modules.length === 0)
    return { ...empty, inputs: evaluated.inputs, diagnostics: evaluated.diagnostics };

  const diagnostics: PendingDiagnostic[] = [...evaluated.diagnostics];
  let definition: EvaluatedCatalog | undefined;
  let definitionFile: string | undefined;
  const seenSets = new Set<string>();
  const tools: RawToolEntry[] = [];
  for (const { file, exports } of evaluated.modules) {
    for (const value of Object.values(exports)) {
      if (markOf(value) === 'catalog' && !definition) {
        definition = value as unknown as EvaluatedCatalog;
        definitionFile = file;
      }
    }
  }
  for (const { file, exports } of evaluated.modules) {
    for (const value of Object.values(exports)) {
      if (markOf(value) !== 'tool-set') continue;
      const set = value as unknown as EvaluatedToolSet;
      // One set exported under two names (or from two files) is declared once.
      if (seenSets.has(set.id)) continue;
      seenSets.add(set.id);
      if (definition && set.catalog.id !== definition.id) {
        diagnostics.push({
          code: DIAGNOSTIC_CODES.foreignToolSet,
          severity: 'error',
          message:
            `These tools were declared with a different defineCatalog(...) than the ` +
            `one catalog '${config.name}' uses; import the catalog from ` +
            `${path.basename(definitionFile!)} and call its .tools({...}).`,
          at: { file, path: [], scope: 'tools' },
        });
        continue;
      }
      definition ??= set.catalog;
      if (!isRecord(set.tools)) {
        diagnostics.push({
          code: DIAGNOSTIC_CODES.invalidValue,
          severity: 'error',
          message:
            `.tools(...) takes an object whose keys name tools, not ` +
            `${describeValue(set.tools)}; write \`catalog.tools({ Read: { kind: ` +
            `'sdk', … } })\`.`,
          at: { file, path: [], scope: 'tools' },
        });
        continue;
      }
      for (const [key, declaration] of Object.entries(set.tools))
        tools.push({ key, declaration, file });
    }
  }
  if (definition && !isRecord(definition.vocabulary)) {
    // Without a vocabulary there is no model, and no output: never an empty output folder.
    diagnostics.push({
      code: DIAGNOSTIC_CODES.invalidValue,
      severity: 'error',
      message:
        `defineCatalog(...) takes an object, the catalog's vocabulary ` +
        `(categories, conditions, …), not ${describeValue(definition.vocabulary)}` +
        `; write \`defineCatalog({ categories: ['file'] })\`.`,
      at: { file: definitionFile ?? files[0]!, path: [], scope: 'catalog' },
    });
  } else if (!definition) {
    diagnostics.push({
      code: DIAGNOSTIC_CODES.noDefinition,
      severity: 'error',
      message:
        `No file of catalog '${config.name}' exports a defineCatalog({...}) ` +
        `result or a .tools({...}) set; export them from the files that ` +
        `'include' matches.`,
      at: { file: files[0]!, line: 1, column: 1 },
    });
  } else if (tools.length === 0) {
    diagnostics.push({
      code: DIAGNOSTIC_CODES.emptyCatalog,
      severity: 'error',
      message:
        `Catalog '${config.name}' declares no tools; export at least one set ` +
        `from a catalog file, e.g. \`export default catalog.tools({ Bash: { ` +
        `kind: 'sdk', … } })\`.`,
      at: definitionFile
        ? { file: definitionFile, path: [], scope: 'catalog' }
        : { file: files[0]!, line: 1, column: 1 },
    });
  }
  return {
    config,
    vocabulary: definition?.vocabulary,
    definitionFile,
    tools,
    files,
    inputs: evaluated.inputs,
    diagnostics,
  };
}
