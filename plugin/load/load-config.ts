// Finds `tool-catalog.config.ts` from the working directory upwards, evaluates it and resolves
// every catalog's options to absolute paths and defaults.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ModuleRef } from '../language/catalog.js';
import type { MissingTranslationPolicy } from '../language/config.js';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../diagnostics/diagnostics.js';
import { checkFields, isRecord, type FieldSpec } from '../diagnostics/field-schema.js';
import { evaluateModules } from './evaluate-modules.js';
import { constantCase, pascalCase } from '../text/spelling.js';

export const CONFIG_FILE_NAMES = [
  'tool-catalog.config.ts',
  'tool-catalog.config.mts',
  'tool-catalog.config.js',
  'tool-catalog.config.mjs',
];

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
  readonly sdk: { readonly aliases: Readonly<Record<string, string>>; readonly typesModule: string };
  readonly runtimeModule: string;
}

export interface LoadedConfig {
  readonly file: string;
  readonly catalogs: readonly ResolvedCatalogConfig[];
  readonly inputs: readonly string[];
  readonly diagnostics: readonly PendingDiagnostic[];
}

export function findConfigFile(from: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    for (const name of CONFIG_FILE_NAMES) {
      const candidate = path.join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

const CATALOG_FIELDS: FieldSpec = {
  include: { type: 'string[]' },
  outDir: { type: 'string' },
  prefix: { type: 'string' },
  i18n: { type: 'record' },
  bindings: { type: 'record' },
  sdk: { type: 'record' },
  runtimeModule: { type: 'string' },
};
const I18N_FIELDS: FieldSpec = {
  locales: { type: 'string[]' },
  defaultLocale: { type: 'string' },
  prefix: { type: 'string' },
  layout: { type: 'enum', values: ['nested', 'flat'] },
  missing: { type: 'enum', values: ['error', 'warn', 'fallback'] },
  outDir: { type: 'string' },
};
const BINDING_FIELDS: FieldSpec = { file: { type: 'string' }, iconType: { type: 'moduleRef' } };
const SDK_FIELDS: FieldSpec = { aliases: { type: 'record' }, typesModule: { type: 'string' } };


/** Loads the config at `file` (or found upwards from `cwd`). */
export async function loadConfig(options: { cwd: string; file?: string }): Promise<LoadedConfig> {
  const file = options.file ? path.resolve(options.cwd, options.file) : findConfigFile(options.cwd);
  if (!file || !existsSync(file)) {
    const message = options.file
      ? `The config file ${file} does not exist; check the --config path.`
      : `No ${CONFIG_FILE_NAMES[0]} was found in ${options.cwd} or any folder above it; create one with \`tool-catalog init\` or pass --config <file>.`;
    return { file: file ?? '', catalogs: [], inputs: [], diagnostics: [{ code: DIAGNOSTIC_CODES.configMissing, severity: 'error', message }] };
  }
  const rootDir = path.dirname(file);
  const evaluated = await evaluateModules([file], { cwd: rootDir, allowNodeBuiltins: true });
  if (evaluated.modules.length === 0) return { file, catalogs: [], inputs: evaluated.inputs, diagnostics: evaluated.diagnostics };
  const raw = evaluated.modules[0]!.exports.default;
  const diagnostics: PendingDiagnostic[] = [...evaluated.diagnostics];
  const invalid = (message: string, at: string[]) =>
    diagnostics.push({ code: DIAGNOSTIC_CODES.configInvalid, severity: 'error', message, at: { file, path: at, scope: 'config' } });
  if (!isRecord(raw) || !isRecord(raw.catalogs) || Object.keys(raw.catalogs).length === 0) {
    invalid("The config must `export default defineConfig({ catalogs: { <name>: { include: ['catalog/**/*.catalog.ts'] } } })` with at least one catalog.", []);
    return { file, catalogs: [], inputs: evaluated.inputs, diagnostics };
  }
  const catalogs: ResolvedCatalogConfig[] = [];
  for (const [name, c] of Object.entries(raw.catalogs)) {
    const where = (...p: string[]) => (field: string, atKey: boolean) => ({ file, path: ['catalogs', name, ...p, field], atKey, scope: 'config' as const });
    if (!isRecord(c)) {
      invalid(`Catalog '${name}' must be an object with an 'include' array of globs.`, ['catalogs', name]);
      continue;
    }
    const before = diagnostics.length;
    diagnostics.push(...checkFields(c, CATALOG_FIELDS, `Catalog '${name}' in the config`, where()).map((d) => ({ ...d, code: DIAGNOSTIC_CODES.configInvalid })));
    for (const [sub, spec] of [['i18n', I18N_FIELDS], ['bindings', BINDING_FIELDS], ['sdk', SDK_FIELDS]] as const) {
      const v = c[sub];
      if (isRecord(v)) diagnostics.push(...checkFields(v, spec, `'${sub}' of catalog '${name}'`, where(sub)).map((d) => ({ ...d, code: DIAGNOSTIC_CODES.configInvalid })));
    }
    if (!Array.isArray(c.include) || c.include.length === 0) invalid(`Catalog '${name}' needs 'include': a non-empty array of globs naming its source files.`, ['catalogs', name]);
    if (isRecord(c.bindings) && typeof c.bindings.file !== 'string') invalid(`'bindings' of catalog '${name}' needs 'file': the path of the app's binding file.`, ['catalogs', name, 'bindings']);
    if (diagnostics.length > before) continue;
    catalogs.push(resolveCatalog(name, c, file));
  }
  return { file, catalogs, inputs: evaluated.inputs, diagnostics };
}

function resolveCatalog(name: string, c: Record<string, unknown>, configFile: string): ResolvedCatalogConfig {
  const rootDir = path.dirname(configFile);
  const i18n = (c.i18n ?? {}) as Record<string, unknown>;
  const bindings = c.bindings as { file: string; iconType?: ModuleRef } | undefined;
  const sdk = (c.sdk ?? {}) as { aliases?: Record<string, string>; typesModule?: string };
  const prefix = (c.prefix as string | undefined) ?? pascalCase(name);
  const outDir = path.resolve(rootDir, (c.outDir as string | undefined) ?? `generated/${name}`);
  const locales = (i18n.locales as string[] | undefined) ?? ['en'];
  return {
    name,
    configFile,
    rootDir,
    include: c.include as string[],
    outDir,
    prefix,
    constPrefix: constantCase(prefix),
    i18n: {
      locales,
      defaultLocale: (i18n.defaultLocale as string | undefined) ?? locales[0]!,
      prefix: (i18n.prefix as string | undefined) ?? 'agent.tools',
      layout: (i18n.layout as 'nested' | 'flat' | undefined) ?? 'nested',
      missing: (i18n.missing as MissingTranslationPolicy | undefined) ?? 'error',
      outDir: i18n.outDir ? path.resolve(rootDir, i18n.outDir as string) : path.join(outDir, 'i18n'),
    },
    bindings: bindings ? { file: path.resolve(rootDir, bindings.file), iconType: bindings.iconType } : undefined,
    sdk: { aliases: sdk.aliases ?? {}, typesModule: sdk.typesModule ?? '@anthropic-ai/claude-agent-sdk/sdk-tools' },
    runtimeModule: (c.runtimeModule as string | undefined) ?? 'agent-tool-catalog/runtime',
  };
}
