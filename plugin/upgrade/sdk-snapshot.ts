// One SDK version as `upgrade` compares it: the tool types of its `sdk-tools.d.ts` with their input
// fields, its built-in name list and legacy-name table, and where it is installed (to run it).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readSdkTypes, type SdkUnionMember } from '../drift/read-sdk-types.js';
import { loadLegacyAliases, readSdkPackage } from '../drift/sdk-package.js';
import { isVersion } from '../language/versions.js';
import { resolveSdk, SDK_PACKAGE } from '../load/sdk-location.js';
import type { SchemaSummary } from '../mcp/schema-summary.js';
import { NON_TOOL_SDK_TYPES } from '../model/sdk-types.js';
import { inputFieldsOf } from './input-fields.js';
import { installedSdk, sdkTypesOf } from './sdk-cache.js';

export interface SdkSnapshot {
  readonly version: string;
  /** The Claude Code version the SDK ships (`2.1.333`), when its package says. */
  readonly claudeCode?: string;
  /** The folder of the SDK package. */
  readonly dir: string;
  /** How it was given: `@anthropic-ai/claude-agent-sdk 0.3.333 (fetched into …)`. */
  readonly shown: string;
  /** The app's own install: its runtime is loaded as the app loads it, and a surface recorded from it is pinned. */
  readonly own: boolean;
  /** Input members of `ToolInputSchemas` by type base (`FileRead`), tools only. */
  readonly inputs: ReadonlyMap<string, SdkUnionMember>;
  /** Each input type's fields by type name (`FileReadInput`). */
  readonly fields: ReadonlyMap<string, SchemaSummary>;
  /** `BUILTIN_TOOL_NAMES`, from the SDK versions that export it. */
  readonly builtinNames?: readonly string[];
  /** `LEGACY_TOOL_NAME_ALIASES` (former name → today's), empty when the SDK has none. */
  readonly aliases: Readonly<Record<string, string>>;
}

export class SdkChoiceError extends Error {
  override name = 'SdkChoiceError';
}

/** Input members by type base, tools only (`McpInput` types every MCP call). */
const inputsOf = (members: readonly SdkUnionMember[]) =>
  new Map(
    members
      .filter((m) => m.union === 'input' && !NON_TOOL_SDK_TYPES.has(m.base))
      .map((m) => [m.base, m]),
  );

/**
 * Reads the SDK package in `dir`. A whole install also gives its legacy-name table (from its
 * JavaScript) and its input fields; the types alone (a probe for a version) give only the tools.
 */
async function readSnapshot(
  dir: string,
  shown: string,
  whole: boolean,
  own = false,
): Promise<SdkSnapshot> {
  const typesFile = path.join(dir, 'sdk-tools.d.ts');
  if (!existsSync(typesFile))
    throw new SdkChoiceError(`${shown} has no sdk-tools.d.ts; it is not a Claude Agent SDK.`);
  const [types, fields] = await Promise.all([
    readSdkTypes(typesFile),
    whole ? inputFieldsOf(readFileSync(typesFile, 'utf8')) : new Map<string, SchemaSummary>(),
  ]);
  const pkg = readSdkPackage(typesFile);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    claudeCodeVersion?: unknown;
  };
  const aliases = whole && pkg ? await loadLegacyAliases(pkg) : undefined;
  return {
    version: pkg?.version ?? 'unknown',
    ...(typeof manifest.claudeCodeVersion === 'string'
      ? { claudeCode: manifest.claudeCodeVersion }
      : {}),
    dir,
    shown,
    own,
    inputs: inputsOf(types.members),
    fields,
    ...(pkg?.builtinToolNames ? { builtinNames: pkg.builtinToolNames } : {}),
    aliases: aliases ?? {},
  };
}

/**
 * The SDK a command line names: a version (the app's own install when it is that version, else a
 * whole install fetched into the cache), an installed package name (an npm alias) or a folder.
 */
export async function chooseSdk(choice: string, rootDir: string): Promise<SdkSnapshot> {
  const own = resolveSdk(rootDir);
  const ownDir = own && path.dirname(own);
  if (isVersion(choice)) {
    if (ownDir && readSdkPackage(path.join(ownDir, 'sdk-tools.d.ts'))?.version === choice)
      return readSnapshot(ownDir, `${SDK_PACKAGE} ${choice} (the app's own)`, true, true);
    const prefix = await installedSdk(choice, rootDir);
    return readSnapshot(
      path.join(prefix, 'node_modules', SDK_PACKAGE),
      `${SDK_PACKAGE} ${choice} (${prefix})`,
      true,
    );
  }
  const entry = resolveSdk(rootDir, choice);
  if (!entry)
    throw new SdkChoiceError(
      `'${choice}' is not an SDK version, an installed package or a folder ` +
        `that holds the SDK; give a version such as 0.3.333, an npm alias such ` +
        `as claude-agent-sdk-oldest, or a path.`,
    );
  const dir = path.dirname(entry);
  const version = readSdkPackage(path.join(dir, 'sdk-tools.d.ts'))?.version ?? 'unknown';
  return readSnapshot(dir, `${choice} (SDK ${version})`, true, dir === ownDir);
}

/** The app's own SDK, when it is installed. */
export async function appSdk(rootDir: string): Promise<SdkSnapshot | undefined> {
  const entry = resolveSdk(rootDir);
  if (!entry) return undefined;
  const dir = path.dirname(entry);
  const version = readSdkPackage(path.join(dir, 'sdk-tools.d.ts'))?.version ?? 'unknown';
  return readSnapshot(dir, `${SDK_PACKAGE} ${version} (the app's own)`, true, true);
}

/** Only the types of `version`, for finding the version a tool came or went in (fetched once, then cached). */
export async function typesSnapshot(version: string, rootDir: string): Promise<SdkSnapshot> {
  const dir = await sdkTypesOf(version, rootDir);
  return readSnapshot(dir, `${SDK_PACKAGE} ${version} (types)`, false);
}
