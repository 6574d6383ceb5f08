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
import { readDeclarations, type SdkDeclarations } from './outside-changes.js';
import { installedSdk, looksLikeTag, sdkDistTags, sdkTypesOf } from './sdk-cache.js';
import type { TypesSource } from './registry-tarballs.js';

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
  /** The registry's dist-tag it was given as (`latest`), resolved to `version`. */
  readonly tag?: string;
  /** Input members of `ToolInputSchemas` by type base (`FileRead`), tools only. */
  readonly inputs: ReadonlyMap<string, SdkUnionMember>;
  /** Output members of `ToolOutputSchemas`: type name → type base (`FileReadOutput` → `FileRead`). */
  readonly outputs: ReadonlyMap<string, string>;
  /** Each input (and output) type's fields by type name (`FileReadInput`). */
  readonly fields: ReadonlyMap<string, SchemaSummary>;
  /** Every declaration of its type files, to say what changed outside the tool inputs (a whole install only). */
  readonly declarations?: SdkDeclarations;
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
    outputs: new Map(
      types.members.filter((m) => m.union === 'output').map((m) => [m.typeName, m.base]),
    ),
    fields,
    ...(whole ? { declarations: readDeclarations(dir) } : {}),
    ...(pkg?.builtinToolNames ? { builtinNames: pkg.builtinToolNames } : {}),
    aliases: aliases ?? {},
  };
}

/** How `chooseSdk` reports what it does: the version a dist-tag names, a fetch about to start. */
export type SdkProgress = (line: string) => void;

/** A published version: the app's own install when it is that version, else a whole install in the cache. */
async function versionSdk(
  version: string,
  ownDir: string | undefined,
  fetch: (version: string) => Promise<string>,
  tag?: string,
): Promise<SdkSnapshot> {
  const tagged = tag ? `, ${tag} on the registry` : '';
  if (ownDir && readSdkPackage(path.join(ownDir, 'sdk-tools.d.ts'))?.version === version)
    return withTag(
      await readSnapshot(ownDir, `${SDK_PACKAGE} ${version} (the app's own${tagged})`, true, true),
      tag,
    );
  const prefix = await fetch(version);
  return withTag(
    await readSnapshot(
      path.join(prefix, 'node_modules', SDK_PACKAGE),
      `${SDK_PACKAGE} ${version} (${prefix}${tagged})`,
      true,
    ),
    tag,
  );
}

const withTag = (s: SdkSnapshot, tag: string | undefined): SdkSnapshot =>
  tag === undefined ? s : { ...s, tag };

/**
 * The SDK a command line names: a version (the app's own install when it is that version, else a
 * whole install fetched into the cache), an installed package name (an npm alias), a folder, or a
 * dist-tag of the registry (`latest`), which is resolved to the exact version it names.
 */
export async function chooseSdk(
  choice: string,
  rootDir: string,
  fetch: (version: string) => Promise<string> = (v) => installedSdk(v, rootDir),
  progress?: SdkProgress,
): Promise<SdkSnapshot> {
  const own = resolveSdk(rootDir);
  const ownDir = own && path.dirname(own);
  if (isVersion(choice)) return versionSdk(choice, ownDir, fetch);
  const entry = resolveSdk(rootDir, choice);
  if (!entry && looksLikeTag(choice)) {
    const tags = await sdkDistTags(rootDir);
    const version = tags[choice];
    if (version === undefined)
      throw new SdkChoiceError(
        `'${choice}' is not an SDK version, an installed package, a folder that ` +
          `holds the SDK, or a dist-tag of ${SDK_PACKAGE} (its dist-tags: ` +
          `${Object.keys(tags).join(', ') || 'none'}).`,
      );
    progress?.(`upgrade: ${choice} is ${SDK_PACKAGE} ${version} on the registry.`);
    return versionSdk(version, ownDir, fetch, choice);
  }
  if (!entry)
    throw new SdkChoiceError(
      `'${choice}' is not an SDK version, an installed package or a folder ` +
        `that holds the SDK; give a version such as 0.3.333, a dist-tag such as ` +
        `latest, an npm alias such as claude-agent-sdk-oldest, or a path.`,
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
export async function typesSnapshot(
  version: string,
  rootDir: string,
  source?: TypesSource,
): Promise<SdkSnapshot> {
  const dir = await sdkTypesOf(version, rootDir, undefined, source);
  return readSnapshot(dir, `${SDK_PACKAGE} ${version} (types)`, false);
}
