// The catalog language: plain-data declarations with typed helpers, so a wrong category, condition,
// group or server name is red in the editor before the generator ever runs.
import { CATALOG_BRAND, TOOL_SET_BRAND } from './brand.js';

/** A reference to an export of an app module; the generated code imports it, nothing runs at build time. */
export interface ModuleRef {
  /** Path relative to the catalog file that declares it (or a bare package specifier). */
  readonly module: string;
  /** Name of the export; defaults to `default`. */
  readonly export?: string;
}

export type ToolKind = 'sdk' | 'mcp' | 'external';
export type ToolExposure = 'user' | 'internal' | 'conditional' | 'disabled';
/**
 * `auto`: read-only default-safe, pre-approved through `allowedTools`; `permission-mode`: follows
 * the session's mode.
 */
export type ToolApproval = 'auto' | 'permission-mode';

/**
 * How the runtime offers an allowed tool: `direct` (its definition is in every request) or
 * `deferred` (only its name is announced; the model loads it through ToolSearch).
 */
export type ToolOfferMode = 'direct' | 'deferred';

/**
 * One way the app runs its sessions, as far as the Claude Code runtime decides by itself what it
 * offers: the model, whether a permission callback is given, tool search, environment flags.
 * `tool-catalog verify` runs each one; the runtime-surface lock records what the runtime did in it.
 */
export interface RuntimeConfigurationDeclaration {
  /** What this configuration stands for, for reports (`the desktop app, with approval prompts`). */
  readonly description?: string;
  /** The model the session asks for (`options.model`); default: the runtime's own default. */
  readonly model?: string;
  /** The session passes a permission callback (`options.canUseTool`); default `false`. */
  readonly permissionCallback?: boolean;
  /** `true` / `false` set `ENABLE_TOOL_SEARCH`; default: the runtime decides. */
  readonly toolSearch?: boolean;
  /** Environment variables the session sets that change what the runtime offers. */
  readonly env?: Readonly<Record<string, string>>;
}

export interface ServerDeclaration {
  /** Human-readable name for reports. */
  readonly label?: string;
  /** Names the server had before (`['claw']`): stored opt-outs under `mcp__claw__…` migrate to it. */
  readonly renamedFrom?: readonly string[];
}

export interface ChannelDeclaration {
  readonly label?: string;
  /** Names the channel had before: stored opt-outs under its old name migrate to it. */
  readonly renamedFrom?: readonly string[];
}

/** The vocabulary a catalog declares once; tool declarations may only use these names. */
export interface CatalogVocabulary {
  /** Ordered display categories (e.g. shell, file, search, orchestration, media, context). */
  readonly categories?: readonly string[];
  /** Default-locale labels of categories (defaults to the capitalised name). */
  readonly categoryLabels?: Readonly<Record<string, string>>;
  /** Named predicates over the per-invocation context: name → what it means. */
  readonly conditions?: Readonly<Record<string, string>>;
  /** Another spelling of the same mechanism as `conditions`: a list of predicate names. */
  readonly predicates?: readonly string[];
  /** Groups whose members toggle atomically. */
  readonly pairGroups?: readonly string[];
  /** Caller groups (e.g. core, chat_only, triggers, …). */
  readonly groups?: readonly string[];
  /** Named callers and the groups they opt into (never exclusion lists). */
  readonly callers?: Readonly<Record<string, readonly string[]>>;
  /** In-process MCP servers the app hosts. */
  readonly servers?: Readonly<Record<string, ServerDeclaration>>;
  /** External MCP channels whose tool names are mirrored. */
  readonly channels?: Readonly<Record<string, ChannelDeclaration>>;
  /** The runtime configurations the app's sessions run with (default: one, `default`, all defaults). */
  readonly runtimes?: Readonly<Record<string, RuntimeConfigurationDeclaration>>;
  /** Subagents the session offers through the Agent tool; each gets at most what the session offers. */
  readonly agents?: Readonly<Record<string, SubagentDeclaration>>;
  /**
   * The skills the app ships or allows (the SDK's `skills` option): named ones, or `'all'` for every
   * skill the app installs. With none, the session leaves the Skill tool out.
   */
  readonly skills?: 'all' | Readonly<Record<string, SkillDeclaration>>;
  /**
   * Filesystem settings the session loads (the SDK's `settingSources`); default none, so no user or
   * project skill, agent or MCP server leaks in.
   */
  readonly settingSources?: readonly ('user' | 'project' | 'local')[];
}

/**
 * A subagent: what it is for, its prompt, and what it may use — tools by key, the tools of caller
 * groups, or what a caller is offered — always within what the session offers.
 */
export interface SubagentDeclaration {
  /** When the model should use it (the Agent tool shows this). */
  readonly description: string;
  /** Its system prompt. */
  readonly prompt: string;
  /** A model alias or ID; default: the session's model. */
  readonly model?: string;
  /** Tool keys it may use. */
  readonly tools?: readonly string[];
  /** Caller groups whose tools it may use. */
  readonly groups?: readonly string[];
  /** A declared caller: it may use what that caller is offered. */
  readonly caller?: string;
  /** Tool keys it never gets, whatever the rest says. */
  readonly exclude?: readonly string[];
  /** Declared skills it preloads. */
  readonly skills?: readonly string[];
  /** At most this many turns when it runs. */
  readonly maxTurns?: number;
}

export interface SkillDeclaration {
  /** What the skill does, for reports. */
  readonly description?: string;
}

type Names<T> = T extends readonly (infer N extends string)[] ? N : never;
type Keys<T> = T extends Readonly<Record<infer K extends string, unknown>> ? K : never;

export type CategoryOf<V extends CatalogVocabulary> = Names<V['categories']>;
export type ConditionOf<V extends CatalogVocabulary> =
  | Keys<V['conditions']>
  | Names<V['predicates']>;
export type PairGroupOf<V extends CatalogVocabulary> = Names<V['pairGroups']>;
export type GroupOf<V extends CatalogVocabulary> = Names<V['groups']>;
export type ServerOf<V extends CatalogVocabulary> = Keys<V['servers']>;
export type ChannelOf<V extends CatalogVocabulary> = Keys<V['channels']>;
export type RuntimeOf<V extends CatalogVocabulary> = Keys<V['runtimes']>;

/** `available:` — always on (`'always'`, `true`, `null`), off (`false`), a predicate, or a one-off function. */
export type Availability<V extends CatalogVocabulary> =
  | 'always'
  | true
  | false
  | null
  | ConditionOf<V>
  | ModuleRef;

/**
 * Runtime names: explicit list (wire names under the tool's server, or full `mcp__…` names), `[]`
 * for none, or resolved at run time.
 */
export type FullNames = readonly string[] | { readonly resolve: ModuleRef };

interface ToolCommon<V extends CatalogVocabulary> {
  readonly category?: CategoryOf<V>;
  /** Defaults to `internal` (always on, hidden). */
  readonly exposure?: ToolExposure;
  /** Required iff `exposure: 'conditional'`. */
  readonly condition?: ConditionOf<V>;
  readonly available?: Availability<V>;
  readonly pairGroup?: PairGroupOf<V>;
  /** Keys of tools this one needs; disabled when any of them is, transitively. */
  readonly dependsOn?: readonly string[];
  readonly groups?: readonly GroupOf<V>[];
  /** The app function that builds the SDK tool instance(s). */
  readonly builder?: ModuleRef;
  /** The caller supplies the builder per call; the tool is skipped when it does not. */
  readonly factory?: boolean;
  readonly fullNames?: FullNames;
  /** Denied at call time by the generated PreToolUse hook. */
  readonly restricted?: boolean;
  readonly approval?: ToolApproval;
  /** Default-locale copy. */
  readonly label?: string;
  readonly description?: string;
  /** Override the i18n keys (default `<prefix>.<Key>.label` / `.description`). */
  readonly labelKey?: string;
  readonly descriptionKey?: string;
  /** A hint for the binding skeleton's placeholder icon. */
  readonly icon?: string;
  /**
   * How the tool should be offered when tool search is on. For an in-process MCP tool the session
   * sets the SDK's `alwaysLoad` (`direct`); for a built-in it is a claim `generate --check` holds
   * against the recorded runtime surface (the SDK has no per-tool control for built-ins).
   */
  readonly offer?: ToolOfferMode;
  /**
   * Earlier names of this tool: former keys, and former runtime names written in full
   * (`mcp__claw__cron`; an SDK tool's bare name). Stored opt-outs under them migrate to this tool.
   */
  readonly renamedFrom?: readonly string[];
}

export interface SdkToolDeclaration<V extends CatalogVocabulary> extends ToolCommon<V> {
  readonly kind: 'sdk';
  /** The SDK's bare tool name, when it differs from the key. */
  readonly name?: string;
  /** Member of the SDK's `ToolInputSchemas` union; `false` for runtime/experimental tools (agent teams). */
  readonly sdkTyped?: boolean;
  /** The SDK type's base name when it differs from the tool name (`FileEdit` is the tool `Edit`). */
  readonly sdkType?: string;
  /** The first SDK version that has the tool (`0.3.196`), when it is newer than the oldest one the catalog supports. */
  readonly addedIn?: string;
  /** The first SDK version without the tool (`0.3.277`): older runtimes offer it, newer ones do not. */
  readonly removedIn?: string;
}

export interface McpToolDeclaration<V extends CatalogVocabulary> extends ToolCommon<V> {
  readonly kind: 'mcp';
  readonly server: ServerOf<V>;
  /** Wire name under the server; defaults to the key. */
  readonly wire?: string;
}

export interface ExternalToolDeclaration<V extends CatalogVocabulary> extends ToolCommon<V> {
  readonly kind: 'external';
  readonly channel: ChannelOf<V>;
  /** A fixed list of wire names (restricted variants such as `sentry_messaging`). */
  readonly wires?: readonly string[];
  /** Names come from the app's channel registry at `toolNames` time. */
  readonly mirror?: boolean;
}

export type ToolDeclaration<V extends CatalogVocabulary = CatalogVocabulary> =
  | SdkToolDeclaration<V>
  | McpToolDeclaration<V>
  | ExternalToolDeclaration<V>;

/** The fields a declaration of kind `K` may have. */
type FieldsOfKind<V extends CatalogVocabulary, K> = keyof Extract<
  ToolDeclaration<V>,
  { readonly kind: K }
>;
type KindOf<D> = D extends { readonly kind: infer K extends string } ? K : never;

/**
 * `D`, where a field its kind does not have (a misspelt `lable`, a `server` on an SDK tool) must be
 * `never`: the editor then marks that field itself, before the generator reports it.
 */
export type OnlyKnownFields<V extends CatalogVocabulary, D> = D & {
  readonly [F in Exclude<keyof D, FieldsOfKind<V, KindOf<D>>>]: never;
};

/** A set of tool declarations bound to the catalog that defines their vocabulary. */
export interface ToolSet<
  V extends CatalogVocabulary = CatalogVocabulary,
  T = Record<string, ToolDeclaration<V>>,
> {
  readonly [TOOL_SET_BRAND]: true;
  readonly catalog: CatalogDefinition<V>;
  readonly tools: T;
}

export interface CatalogDefinition<V extends CatalogVocabulary = CatalogVocabulary> {
  readonly [CATALOG_BRAND]: true;
  readonly vocabulary: V;
  /** Declares tools in this catalog's vocabulary; export the result from a catalog file. */
  tools<const T extends Record<string, ToolDeclaration<V>>>(
    tools: T & { readonly [K in keyof T]: OnlyKnownFields<V, T[K]> },
  ): ToolSet<V, T>;
  /** Types one declaration (useful when building a tool in a variable first). */
  tool<const T extends ToolDeclaration<V>>(declaration: T & OnlyKnownFields<V, T>): T;
}

/** Declares a catalog's vocabulary once; tool files call `.tools({...})` on the result. */
export function defineCatalog<const V extends CatalogVocabulary>(
  vocabulary: V,
): CatalogDefinition<V> {
  const definition: CatalogDefinition<V> = {
    [CATALOG_BRAND]: true,
    vocabulary,
    tools(tools) {
      return { [TOOL_SET_BRAND]: true, catalog: definition, tools };
    },
    tool(declaration) {
      return declaration;
    },
  };
  return definition;
}

/** Types a single declaration against any vocabulary (prefer `catalog.tool` for checked names). */
export function defineTool<const T extends ToolDeclaration>(
  declaration: T & OnlyKnownFields<CatalogVocabulary, T>,
): T {
  return declaration;
}
