// The `drift` core the CLI calls: load and validate each catalog (no rendering), read the SDK's
// `sdk-tools.d.ts`, diff, and locate the catalog tools the report names.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { validateCatalog } from '../generate';
import { loadCatalog } from '../load/load-catalog';
import { loadConfig, type ResolvedCatalogConfig } from '../load/load-config';
import { buildModel } from '../model/build-model';
import { DIAGNOSTIC_CODES, hasErrors, type CatalogDiagnostic, type PendingDiagnostic, type SourcePosition } from '../validate/diagnostics';
import { createLocator } from '../validate/locate';
import { NON_TOOL_SDK_TYPES } from './aliases';
import { diffCatalogWithSdk, unmatchedBases, type DriftDiff, type GoneTool } from './diff';
import { readSdkTypes, SdkTypesError } from './read-sdk-types';
import { loadLegacyAliases, readSdkPackage, resolveTypesModule } from './sdk-package';

export interface DriftOptions {
  readonly cwd: string;
  readonly config?: string;
  readonly catalog?: string;
  /** An `sdk-tools.d.ts` to compare with instead of the one `sdk.typesModule` resolves to. */
  readonly sdkTypes?: string;
}

export interface CatalogDrift extends Omit<DriftDiff, 'gone'> {
  readonly catalog: string;
  /** Absolute path of the `sdk-tools.d.ts` compared with. */
  readonly sdkTypesFile: string;
  readonly sdk?: { readonly name: string; readonly version: string };
  /** Tool types in the SDK's unions after removing non-tools (`Mcp`). */
  readonly sdkToolTypes: number;
  readonly gone: readonly (GoneTool & { readonly position?: SourcePosition })[];
  readonly ignored: readonly { readonly typeName: string; readonly reason: string }[];
  readonly ok: boolean;
}

export interface DriftResult {
  readonly ok: boolean;
  readonly catalogs: readonly CatalogDrift[];
  /** Errors in the config or a catalog: nothing was compared. */
  readonly diagnostics: readonly CatalogDiagnostic[];
  /** The SDK types could not be found or read. */
  readonly error?: string;
  /** `--sdk-types` names no file: bad usage. */
  readonly usageError?: string;
}

/** The SDK types file for one catalog, or a message saying how to point at one. */
function typesFileFor(config: ResolvedCatalogConfig, options: DriftOptions): { file?: string; error?: string; usage?: boolean } {
  if (options.sdkTypes !== undefined) {
    const file = path.resolve(options.cwd, options.sdkTypes);
    return existsSync(file) ? { file } : { error: `--sdk-types ${options.sdkTypes}: no such file; pass the path of the SDK's sdk-tools.d.ts.`, usage: true };
  }
  const file = resolveTypesModule(config.sdk.typesModule, config.rootDir);
  return file
    ? { file }
    : { error: `Cannot resolve '${config.sdk.typesModule}' (sdk.typesModule of catalog '${config.name}') from ${config.rootDir}; install @anthropic-ai/claude-agent-sdk or pass --sdk-types <file>.` };
}

async function driftOne(config: ResolvedCatalogConfig, options: DriftOptions) {
  const raw = await loadCatalog(config);
  const pending = validateCatalog(raw);
  if (hasErrors(pending) || !raw.vocabulary) return { raw, pending };
  const model = buildModel(raw);
  const where = typesFileFor(config, options);
  if (!where.file) return { raw, pending, error: where.error, usage: where.usage };
  const types = await readSdkTypes(where.file);
  const pkg = readSdkPackage(where.file);
  // The legacy table lives in the SDK's JavaScript; import it only to name SDK types nothing matched.
  const legacyAliases = pkg && unmatchedBases(model, types.members).length > 0 ? await loadLegacyAliases(pkg) : undefined;
  const diff = diffCatalogWithSdk(model, types.members, { builtinToolNames: pkg?.builtinToolNames, legacyAliases });
  return { raw, pending, diff, types, pkg, goneFiles: diff.gone.map((g) => path.resolve(config.rootDir, g.source)) };
}

export async function runDrift(options: DriftOptions): Promise<DriftResult> {
  const loaded = await loadConfig({ cwd: options.cwd, file: options.config });
  const pending: PendingDiagnostic[] = [...loaded.diagnostics];
  let selected = loaded.catalogs;
  if (options.catalog !== undefined) {
    selected = selected.filter((c) => c.name === options.catalog);
    if (selected.length === 0 && loaded.diagnostics.length === 0)
      pending.push({ code: DIAGNOSTIC_CODES.catalogUnknown, severity: 'error', message: `The config has no catalog named '${options.catalog}'; use one of: ${loaded.catalogs.map((c) => c.name).join(', ')}.` });
  }
  const searchFiles: string[] = [];
  const catalogs: CatalogDrift[] = [];
  let error: string | undefined;
  let usageError: string | undefined;
  try {
    for (const config of selected) {
      const one = await driftOne(config, options);
      searchFiles.push(...one.raw.files);
      pending.push(...one.pending);
      if (one.usage) usageError ??= one.error;
      else if (one.error) error ??= one.error;
      if (!one.diff) continue;
      const locate = createLocator({ displayRoot: options.cwd, searchFiles: one.raw.files });
      const located = one.goneFiles.length === 0 ? [] : await locate(one.diff.gone.map((g, i) => ({ code: DIAGNOSTIC_CODES.invalidValue, severity: 'error' as const, message: '', at: { file: one.goneFiles[i]!, path: [g.key], atKey: true, scope: 'tools' as const } })));
      const { diff, types, pkg } = one;
      catalogs.push({
        catalog: config.name,
        sdkTypesFile: types.file,
        sdk: pkg && { name: pkg.name, version: pkg.version },
        sdkToolTypes: new Set(types.members.map((m) => m.base).filter((b) => !NON_TOOL_SDK_TYPES.has(b))).size,
        ...diff,
        gone: diff.gone.map((g, i) => ({ ...g, position: located[i]?.position })),
        ignored: types.ignored,
        ok: diff.missing.length + diff.gone.length + diff.renamed.length === 0,
      });
    }
  } catch (e) {
    if (!(e instanceof SdkTypesError)) throw e;
    error = e.message;
  }
  const diagnostics = pending.length > 0 ? await createLocator({ displayRoot: options.cwd, searchFiles })(pending) : [];
  const ok = !hasErrors(diagnostics) && !error && !usageError && catalogs.length > 0 && catalogs.every((c) => c.ok);
  return { ok, catalogs, diagnostics, error, usageError };
}
