// The config file (`tool-catalog.config.ts`): which catalogs exist, where their sources are,
// where and how their output is written, how `drift --mcp` reaches their MCP servers and what
// `stale-refs` leaves alone.
import { CONFIG_BRAND } from './brand.js';
import type { ModuleRef } from './catalog.js';
import type { TargetSpec } from './targets.js';

export type MissingTranslationPolicy = 'error' | 'warn' | 'fallback';

export interface CatalogI18nOptions {
  /** Locales to emit; the first is the default unless `defaultLocale` says otherwise. */
  readonly locales?: readonly string[];
  readonly defaultLocale?: string;
  /** Key prefix: `<prefix>.<Key>.label`. Default `agent.tools`. */
  readonly prefix?: string;
  /** `nested` (i18next loads it as is) or `flat` dotted keys. Default `nested`. */
  readonly layout?: 'nested' | 'flat';
  /** What a missing translation does to `generate --check`. Default `error`. */
  readonly missing?: MissingTranslationPolicy;
  /** Folder for the locale files, relative to the config. Default `<outDir>/i18n`. */
  readonly outDir?: string;
}

export interface CatalogBindingOptions {
  /** The app-owned binding file, relative to the config; a skeleton is written when it is missing. */
  readonly file: string;
  /** The app's icon type, e.g. `{ module: 'react', export: 'ComponentType' }`. Default `string`. */
  readonly iconType?: ModuleRef;
}

export interface CatalogSdkOptions {
  /** SDK type base name → tool name, added to (and overriding) the built-in alias map. */
  readonly aliases?: Readonly<Record<string, string>>;
  /** Module the coverage guard imports SDK input types from. Default `@anthropic-ai/claude-agent-sdk/sdk-tools`. */
  readonly typesModule?: string;
}

/**
 * A value `drift --mcp` reads from the environment when it connects, so that no secret is written
 * in the config: `{ env: 'SENTRY_TOKEN', prefix: 'Bearer ' }`.
 */
export interface McpEnvValue {
  /** The environment variable's name. */
  readonly env: string;
  /** Text put before the variable's value, e.g. `'Bearer '`. */
  readonly prefix?: string;
}

/** What every way of reaching a server shares: how `drift --mcp` talks to it. */
export interface McpCheckOptions {
  /**
   * The capabilities the client declares at initialize. Some servers list more tools to a client
   * that declares more (sampling, elicitation), so they are pinned here and recorded in the lock.
   * Default `{}`.
   */
  readonly clientCapabilities?: Readonly<Record<string, unknown>>;
  /** Time to start the server and finish the initialize handshake, in ms. Default 15,000. */
  readonly connectTimeoutMs?: number;
  /** Time to list every page of tools, in ms. Default 15,000. */
  readonly listTimeoutMs?: number;
}

/** A server started as a child process that speaks MCP on stdin/stdout (the SDK's stdio config). */
export interface McpStdioServer extends McpCheckOptions {
  readonly type?: 'stdio';
  readonly command: string;
  readonly args?: readonly string[];
  /**
   * Added to a minimal environment (HOME, LOGNAME, PATH, SHELL, TERM, USER): a literal value, or
   * `{ env: 'NAME' }` to pass a variable of the environment `drift` runs in.
   */
  readonly env?: Readonly<Record<string, string | McpEnvValue>>;
  /** Working folder, relative to the config. Default: the config's folder. */
  readonly cwd?: string;
}

/** A server reached over Streamable HTTP (`http`) or the older HTTP+SSE transport (`sse`). */
export interface McpHttpServer extends McpCheckOptions {
  readonly type: 'http' | 'sse';
  readonly url: string;
  /** Header values always come from environment variables: `{ Authorization: { env: 'TOKEN', prefix: 'Bearer ' } }`. */
  readonly headers?: Readonly<Record<string, McpEnvValue>>;
}

/**
 * An in-process server the app hosts (`createSdkMcpServer`): an app module builds it, usually from
 * the catalog's generated `build<Prefix>Tools`, and `drift` lists its tools in memory.
 */
export interface McpInProcessServer extends McpCheckOptions {
  readonly type: 'sdk';
  /** The module, relative to the config (or a package name). */
  readonly module: string;
  /**
   * The export that gives the server: a function (sync or async, no arguments) returning what
   * `createSdkMcpServer(...)` returns or an MCP server, or such a value itself. Default: `default`.
   */
  readonly export?: string;
}

export type McpServerAccess = McpStdioServer | McpHttpServer | McpInProcessServer;

export interface CatalogStaleRefsOptions {
  /** Globs (relative to the config) of files whose references are deliberate, e.g. fixtures of old names. */
  readonly exclude?: readonly string[];
}

export interface CatalogVerifyOptions {
  /**
   * The per-invocation data (`context.data`) the catalog's builders, availability checks and name
   * resolvers read when `tool-catalog verify` runs them: an export holding the data, or a function
   * returning it (called once per context). The module is relative to the config file.
   */
  readonly data?: ModuleRef;
}

export interface CatalogConfig {
  /** Catalog source files: globs relative to the config file. */
  readonly include: readonly string[];
  /** Output folder relative to the config file. Default `generated/<name>`. */
  readonly outDir?: string;
  /** Symbol prefix: `Claude` gives `CLAUDE_TOOL_REGISTRY` and `ClaudeToolKey`. Default: the name, capitalised. */
  readonly prefix?: string;
  readonly i18n?: CatalogI18nOptions;
  readonly bindings?: CatalogBindingOptions;
  readonly sdk?: CatalogSdkOptions;
  /**
   * Where generated code imports the runtime from. By default the runtime is written into the output
   * folder (`<outDir>/runtime/`), so the app needs nothing of this package at run time; set a module
   * (e.g. `agent-tool-catalog/runtime`) to import it from there instead.
   */
  readonly runtimeModule?: string;
  /**
   * The extension relative imports in generated files carry: `none` (bundlers), `.js` (Node's
   * `node16` / `nodenext` resolution), `.ts` (`allowImportingTsExtensions`). Default: read from the
   * tsconfig that includes the output folder.
   */
  readonly importExtension?: 'none' | '.js' | '.ts';
  /**
   * How `drift --mcp` reaches the catalog's MCP servers and channels, by the name the catalog
   * declares in `servers` or `channels`; ones left out are not checked.
   */
  readonly mcp?: Readonly<Record<string, McpServerAccess>>;
  readonly staleRefs?: CatalogStaleRefsOptions;
  /** What `tool-catalog verify` needs from the app to run the catalog's builders. */
  readonly verify?: CatalogVerifyOptions;
  /**
   * The agent SDKs the catalog compiles for (default: `['claude-agent-sdk']`): `claude-agent-sdk`,
   * `ai-sdk` (the major version of the installed `ai` package; `ai-sdk@6` or `ai-sdk@7` pins it) and
   * `openai-agents` (the OpenAI Agents SDK).
   */
  readonly targets?: readonly TargetSpec[];
}

export interface ToolCatalogConfig {
  readonly catalogs: Readonly<Record<string, CatalogConfig>>;
  /** How long catalog modules may run while evaluated, in milliseconds. Default 5,000. */
  readonly evaluationTimeoutMs?: number;
}

export interface BrandedConfig extends ToolCatalogConfig {
  readonly [CONFIG_BRAND]: true;
}

export function defineConfig<const C extends ToolCatalogConfig>(config: C): C & BrandedConfig {
  return { ...config, [CONFIG_BRAND]: true };
}
