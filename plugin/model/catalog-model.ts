// The normalized catalog every output and command reads: names resolved, defaults applied, SDK
// types aliased, closures computed, tools in output order. Plain data; the resolved config is the
// only part with absolute paths (where outputs go, where module references start).
import type { ToolApproval, ToolExposure, ToolKind, ToolOfferMode } from '../language/catalog.js';
import type { PinnedSurface } from '../load/surface-lock.js';
import type { ResolvedCatalogConfig } from '../load/load-config.js';
import type { AgentEntry } from '../runtime/policy-tables.js';

export interface ConditionModel {
  /** As declared: `workspace-has-git`. */
  readonly name: string;
  /** Context field: `workspaceHasGit`. */
  readonly field: string;
  readonly description: string;
}

export interface CategoryModel {
  readonly name: string;
  readonly label: string;
  readonly labelKey: string;
}

/** `available:` after normalization. */
type AvailabilityModel =
  | { readonly kind: 'always' }
  | { readonly kind: 'never' }
  | { readonly kind: 'condition'; readonly condition: string; readonly field: string }
  | { readonly kind: 'function'; readonly ref: ResolvedModuleRef };

/** A module reference with its specifier rewritten relative to the output folder. */
export interface ResolvedModuleRef {
  /** Import specifier as seen from the generated files. */
  readonly specifier: string;
  readonly exportName: string;
}

/** How a tool's runtime names are found. */
type NameSourceModel =
  | { readonly kind: 'static' }
  | { readonly kind: 'resolver'; readonly ref: ResolvedModuleRef }
  | { readonly kind: 'mirror'; readonly channel: string };

export interface ToolModel {
  readonly key: string;
  readonly kind: ToolKind;
  readonly category?: string;
  readonly exposure: ToolExposure;
  readonly condition?: ConditionModel;
  readonly available: AvailabilityModel;
  readonly pairGroup?: string;
  readonly dependsOn: readonly string[];
  readonly groups: readonly string[];
  /** Runtime names known at build time (empty for `[]`, mirrored or resolved names). */
  readonly names: readonly string[];
  readonly nameSource: NameSourceModel;
  readonly server?: string;
  readonly wire?: string;
  readonly channel?: string;
  readonly builder?: ResolvedModuleRef;
  readonly factory: boolean;
  readonly sdkTyped: boolean;
  /**
   * SDK type base (`FileEdit` for `Edit`) after the alias map, for SDK-typed tools: the one answer
   * every output and `drift` use.
   */
  readonly sdkType?: string;
  readonly restricted: boolean;
  /** How the tool should be offered when tool search is on. */
  readonly offer?: ToolOfferMode;
  /** SDK versions that have the tool: from `addedIn`, until (not including) `removedIn`. */
  readonly addedIn?: string;
  readonly removedIn?: string;
  readonly approval: ToolApproval;
  readonly label: string;
  readonly description: string;
  readonly labelKey: string;
  readonly descriptionKey: string;
  readonly icon?: string;
  /** Earlier names (`renamedFrom`): former keys and former runtime names, as declared. */
  readonly renamedFrom: readonly string[];
  /** Declaring file, relative to the config folder, POSIX separators. */
  readonly source: string;
}

/** A runtime configuration, defaults applied. */
export interface RuntimeConfigurationModel {
  readonly name: string;
  readonly description: string;
  readonly model?: string;
  readonly permissionCallback: boolean;
  /** Undefined: the runtime decides. */
  readonly toolSearch?: boolean;
  readonly env: Readonly<Record<string, string>>;
}

/**
 * A subagent, with a caller resolved to its groups: the entry the session builds it from, so the
 * model and the runtime's tables cannot describe a subagent two ways.
 */
export type AgentModel = AgentEntry;

export interface CatalogModel {
  readonly name: string;
  readonly config: ResolvedCatalogConfig;
  readonly prefix: string;
  readonly constPrefix: string;
  /** Source files relative to the config folder, POSIX separators, sorted. */
  readonly sources: readonly string[];
  /** The file that declares the vocabulary (`defineCatalog`), relative like `sources`. */
  readonly definitionSource?: string;
  readonly categories: readonly CategoryModel[];
  readonly conditions: readonly ConditionModel[];
  readonly pairGroups: readonly string[];
  readonly groups: readonly string[];
  readonly callers: Readonly<Record<string, readonly string[]>>;
  readonly servers: readonly string[];
  readonly channels: readonly string[];
  /** Former server and channel names (`renamedFrom` of a server or channel) → today's name. */
  readonly renamedServers: Readonly<Record<string, string>>;
  /**
   * The SDK's own table of legacy tool names → today's runtime name (`Task` → `Agent`), which the
   * runtime still accepts. Empty unless the generator read it from the installed SDK.
   */
  readonly sdkAliases: Readonly<Record<string, string>>;
  /**
   * Every tool in output order: declared category order, then declaration order (file path, then
   * position in the file).
   */
  readonly tools: readonly ToolModel[];
  /** The runtime configurations the app runs (at least one: `default`). */
  readonly runtimes: readonly RuntimeConfigurationModel[];
  /** The pinned runtime's recorded surface (`runtime-surface.lock.json`), when one was recorded. */
  readonly surface?: PinnedSurface;
  readonly agents: readonly AgentModel[];
  /**
   * The skills the app ships or allows: `'all'`, named ones, or undefined when the catalog leaves
   * skills to the runtime.
   */
  readonly skills?: 'all' | readonly string[];
  readonly settingSources: readonly string[];
}
