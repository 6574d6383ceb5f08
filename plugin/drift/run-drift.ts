// The `drift` core the CLI calls: the project's models (no rendering), the SDK's `sdk-tools.d.ts`,
// the diff, and the catalog locations of the tools the report names.
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  DIAGNOSTIC_CODES,
  type CatalogDiagnostic,
  type SourcePosition,
} from '../diagnostics/diagnostics.js';
import type { ResolvedCatalogConfig } from '../load/load-config.js';
import type { CatalogModel } from '../model/catalog-model.js';
import { NON_TOOL_SDK_TYPES } from '../model/sdk-types.js';
import { DEFAULT_SDK_TYPES_MODULE } from '../load/load-config.js';
import { resolveSdk, sdkNotInstalled } from '../load/sdk-location.js';
import { loadProject, type Project } from '../project/load-project.js';
import { diffCatalogWithSdk, unmatchedBases, type DriftDiff, type GoneTool } from './diff.js';
import { readSdkTypes, SdkTypesError } from './read-sdk-types.js';
import { loadLegacyAliases, readSdkPackage, resolveTypesModule } from './sdk-package.js';

export interface DriftOptions {
  readonly cwd: string;
  readonly config?: string;
  readonly catalog?: string;
  /** An `sdk-tools.d.ts` to compare with instead of the one `sdk.typesModule` resolves to. */
  readonly sdkTypes?: string;
  /** Another installed SDK to compare with (`--sdk`): a package name such as an npm alias, or a folder. */
  readonly sdk?: string;
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
  /** The SDK types could not be read. */
  readonly error?: string;
  /** The SDK (or the types module the config names) is not installed: exit 2, as for every command that needs it. */
  readonly sdkMissing?: string;
  /** `--sdk-types` names no file: bad usage. */
  readonly usageError?: string;
}

/** The SDK types file for one catalog, or a message saying how to point at one. */
function typesFileFor(
  config: ResolvedCatalogConfig,
  options: DriftOptions,
): { file?: string; error?: string; usage?: boolean; missing?: boolean } {
  if (options.sdk !== undefined) {
    const entry = resolveSdk(path.resolve(options.cwd), options.sdk);
    const file = entry && path.join(path.dirname(entry), 'sdk-tools.d.ts');
    return file && existsSync(file)
      ? { file }
      : {
          error:
            `--sdk ${options.sdk}: no Claude Agent SDK with sdk-tools.d.ts there; ` +
            `name an installed package (such as an npm alias) or a folder that holds the SDK.`,
          usage: true,
        };
  }
  if (options.sdkTypes !== undefined) {
    const file = path.resolve(options.cwd, options.sdkTypes);
    return existsSync(file)
      ? { file }
      : {
          error: `--sdk-types ${options.sdkTypes}: no such file; pass the path of the SDK's sdk-tools.d.ts.`,
          usage: true,
        };
  }
  const file = resolveTypesModule(config.sdk.typesModule, config.rootDir);
  if (file) return { file };
  const error =
    config.sdk.typesModule === DEFAULT_SDK_TYPES_MODULE
      ? sdkNotInstalled(config.rootDir, 'drift')
      : `Cannot resolve '${config.sdk.typesModule}' (sdk.typesModule of catalog '` +
        `${config.name}') from ${config.rootDir}; install it or pass --sdk-types <file>.`;
  return { error, missing: true };
}

async function driftOne(model: CatalogModel, options: DriftOptions) {
  const config = model.config;
  const where = typesFileFor(config, options);
  if (!where.file) return { error: where.error, usage: where.usage, missing: where.missing };
  const types = await readSdkTypes(where.file);
  const pkg = readSdkPackage(where.file);
  // The legacy table lives in the SDK's JavaScript; import it only to name SDK types nothing matched.
  const legacyAliases =
    pkg && unmatchedBases(model, types.members).length > 0
      ? await loadLegacyAliases(pkg)
      : undefined;
  const diff = diffCatalogWithSdk(
    model,
    types.members,
    { builtinToolNames: pkg?.builtinToolNames, legacyAliases },
    pkg?.version,
  );
  return { diff, types, pkg };
}

/** Where each gone tool is declared, located like any diagnostic. */
async function goneToolPositions(
  project: Project,
  model: CatalogModel,
  gone: DriftDiff['gone'],
): Promise<(SourcePosition | undefined)[]> {
  if (gone.length === 0) return [];
  const located = await project.locate(
    gone.map((g) => ({
      code: DIAGNOSTIC_CODES.invalidValue,
      severity: 'error' as const,
      message: '',
      at: {
        file: path.resolve(model.config.rootDir, g.source),
        path: [g.key],
        atKey: true,
        scope: 'tools' as const,
      },
    })),
  );
  return located.map((d) => d.position);
}

export async function runDrift(options: DriftOptions): Promise<DriftResult> {
  const project = await loadProject(options);
  if (!project.ok) return { ok: false, catalogs: [], diagnostics: project.diagnostics };
  const catalogs: CatalogDrift[] = [];
  let error: string | undefined;
  let usageError: string | undefined;
  let sdkMissing: string | undefined;
  try {
    for (const { model } of project.catalogs) {
      if (!model) continue;
      const one = await driftOne(model, options);
      if (one.usage) usageError ??= one.error;
      else if (one.missing) sdkMissing ??= one.error;
      else if (one.error) error ??= one.error;
      if (!one.diff) continue;
      const { diff, types, pkg } = one;
      const positions = await goneToolPositions(project, model, diff.gone);
      catalogs.push({
        catalog: model.name,
        sdkTypesFile: types.file,
        sdk: pkg && { name: pkg.name, version: pkg.version },
        sdkToolTypes: new Set(
          types.members.map((m) => m.base).filter((b) => !NON_TOOL_SDK_TYPES.has(b)),
        ).size,
        ...diff,
        gone: diff.gone.map((g, i) => ({ ...g, position: positions[i] })),
        ignored: types.ignored,
        ok: diff.missing.length + diff.gone.length + diff.renamed.length === 0,
      });
    }
  } catch (e) {
    if (!(e instanceof SdkTypesError)) throw e;
    error = e.message;
  }
  const ok =
    !error && !usageError && !sdkMissing && catalogs.length > 0 && catalogs.every((c) => c.ok);
  return {
    ok,
    catalogs,
    diagnostics: project.diagnostics,
    error,
    usageError,
    ...(sdkMissing !== undefined ? { sdkMissing } : {}),
  };
}
