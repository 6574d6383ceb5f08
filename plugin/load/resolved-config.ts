// What one catalog of the config resolves to: absolute paths, defaults and the import style. Every
// stage after loading reads a catalog's options from this shape.
import type { ModuleRef } from '../language/catalog.js';
import type { MissingTranslationPolicy } from '../language/config.js';
import type { ImportStyle } from './import-style.js';
import type { ResolvedMcpServer, ResolvedStaleRefsOptions } from './mcp-config.js';
import type { ResolvedTarget } from './targets-config.js';

export interface ResolvedCatalogConfig {
  readonly name: string;
  readonly configFile: string;
  /** The config file's folder: relative paths in the config and in headers start here. */
  readonly rootDir: string;
  readonly include: readonly string[];
  readonly outDir: string;
  /** `Claude` */
  readonly prefix: string;
  /** `CLAUDE` */
  readonly constPrefix: string;
  readonly i18n: {
    readonly locales: readonly string[];
    readonly defaultLocale: string;
    readonly prefix: string;
    readonly layout: 'nested' | 'flat';
    readonly missing: MissingTranslationPolicy;
    readonly outDir: string;
  };
  readonly bindings?: { readonly file: string; readonly iconType?: ModuleRef };
  readonly sdk: {
    readonly aliases: Readonly<Record<string, string>>;
    readonly typesModule: string;
  };
  /** The module generated code imports the runtime from; undefined: the runtime is written into `outDir/runtime/`. */
  readonly runtimeModule?: string;
  /** The extension of relative imports in generated files, and what decided it. */
  readonly imports: ImportStyle;
  /** How long the catalog's modules may run while evaluated, in milliseconds. */
  readonly evaluationTimeoutMs?: number;
  /** How `drift --mcp` reaches each server or channel, by its catalog name (only those configured). */
  readonly mcp: Readonly<Record<string, ResolvedMcpServer>>;
  readonly staleRefs: ResolvedStaleRefsOptions;
  /**
   * `verify.data`: the module (absolute path, or a package specifier) and export holding the data
   * verify runs builders with.
   */
  readonly verify?: { readonly data?: { readonly module: string; readonly exportName: string } };
  /** The agent SDKs the catalog compiles for; absent: the Claude Agent SDK alone. */
  readonly targets?: readonly ResolvedTarget[];
}
