// The config file (`tool-catalog.config.ts`): which catalogs exist, where their sources are and
// where and how their output is written.
import { CONFIG_BRAND } from './brand.js';
import type { ModuleRef } from './catalog.js';

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
  /** What `tool-catalog verify` needs from the app to run the catalog's builders. */
  readonly verify?: CatalogVerifyOptions;
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
