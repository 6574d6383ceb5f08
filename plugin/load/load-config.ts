// Finds `tool-catalog.config.ts` from the working directory upwards, evaluates it and resolves
// every catalog's options to absolute paths and defaults.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ModuleRef } from '../language/catalog.js';
import type { MissingTranslationPolicy } from '../language/config.js';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../diagnostics/diagnostics.js';
import { checkFields, isRecord, type FieldSpec } from '../diagnostics/field-schema.js';
import {
  DEFAULT_EVALUATION_TIMEOUT_MS,
  evaluateModules,
  evaluationStore,
} from './evaluate-modules.js';
import { importStyle } from './import-style.js';
import { resolveMcpAndStaleRefs } from './mcp-config.js';
import { constantCase, pascalCase } from '../text/spelling.js';
import {
  CATALOG_NAME,
  canonicalLocale,
  checkResolvedCatalog,
  sharedOutputs,
} from './config-checks.js';
import type { ResolvedCatalogConfig } from './resolved-config.js';
import { resolveTargets } from './targets-config.js';

export type { ResolvedCatalogConfig } from './resolved-config.js';

/** Where the SDK's tool input types come from unless the config's `sdk.typesModule` says otherwise. */
export const DEFAULT_SDK_TYPES_MODULE = '@anthropic-ai/claude-agent-sdk/sdk-tools';

export const CONFIG_FILE_NAMES = [
  'tool-catalog.config.ts',
  'tool-catalog.config.mts',
  'tool-catalog.config.js',
  'tool-catalog.config.mjs',
];

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
  importExtension: { type: 'enum', values: ['none', '.js', '.ts'] },
  mcp: { type: 'record' },
  staleRefs: { type: 'record' },
  verify: { type: 'record' },
  targets: { type: 'any' },
};
const I18N_FIELDS: FieldSpec = {
  locales: { type: 'string[]' },
  defaultLocale: { type: 'string' },
  prefix: { type: 'string' },
  layout: { type: 'enum', values: ['nested', 'flat'] },
  missing: { type: 'enum', values: ['error', 'warn', 'fallback'] },
  outDir: { type: 'string' },
};
const CONFIG_FIELDS: FieldSpec = {
  catalogs: { type: 'record' },
  evaluationTimeoutMs: { type: 'number' },
};
const BINDING_FIELDS: FieldSpec = { file: { type: 'string' }, iconType: { type: 'moduleRef' } };
const SDK_FIELDS: FieldSpec = { aliases: { type: 'record' }, typesModule: { type: 'string' } };
const VERIFY_FIELDS: FieldSpec = { data: { type: 'moduleRef' } };

/** What is at `file`, or undefined when nothing is or it cannot be looked at (a part of the path is a file). */
function statOrNothing(file: string) {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Loads the config at `file` (or found upwards from `cwd`). */
export async function loadConfig(options: {
  cwd: string;
  file?: string;
  /** Write nothing, not even to the evaluation cache on disk (`generate --check`). */
  readOnly?: boolean;
}): Promise<LoadedConfig> {
  const file = options.file ? path.resolve(options.cwd, options.file) : findConfigFile(options.cwd);
  const kind = file ? statOrNothing(file) : undefined;
  if (!file || !kind?.isFile()) {
    // A folder given as --config: the config inside it is the likely meaning.
    const inside = file && kind?.isDirectory() ? findConfigFile(file) : undefined;
    const example =
      inside && path.dirname(inside) === file
        ? `, e.g. --config ${path.join(options.file ?? '', path.basename(inside))}`
        : '';
    const message = !options.file
      ? `No ${CONFIG_FILE_NAMES[0]} was found in ${options.cwd} or any folder ` +
        `above it; create one with \`tool-catalog init\` or pass --config <file>.`
      : kind?.isDirectory()
        ? `The config path ${file} is a folder, not a file; pass the config file itself${example}.`
        : kind
          ? `The config path ${file} is not a regular file; pass the config file itself.`
          : `The config file ${file} does not exist; check the --config path.`;
    return {
      file: file ?? '',
      catalogs: [],
      inputs: [],
      diagnostics: [{ code: DIAGNOSTIC_CODES.configMissing, severity: 'error', message }],
    };
  }
  const rootDir = path.dirname(file);
  const evaluated = await evaluateModules([file], {
    cwd: rootDir,
    timeoutMs: DEFAULT_EVALUATION_TIMEOUT_MS,
    store: evaluationStore(rootDir, { readOnly: options.readOnly }),
  });
  if (evaluated.modules.length === 0)
    return { file, catalogs: [], inputs: evaluated.inputs, diagnostics: evaluated.diagnostics };
  const raw = evaluated.modules[0]!.exports.default;
  const diagnostics: PendingDiagnostic[] = [...evaluated.diagnostics];
  const invalid = (
    message: string,
    at: string[],
    place: { element?: number; atKey?: boolean } = {},
  ) =>
    diagnostics.push({
      code: DIAGNOSTIC_CODES.configInvalid,
      severity: 'error',
      message,
      at: { file, path: at, scope: 'config', ...place },
    });
  if (!isRecord(raw) || !isRecord(raw.catalogs) || Object.keys(raw.catalogs).length === 0) {
    invalid(
      'The config must `export default defineConfig({ catalogs: { <name>: { ' +
        "include: ['catalog/**/*.catalog.ts'] } } })` with at least one catalog.",
      [],
    );
    return { file, catalogs: [], inputs: evaluated.inputs, diagnostics };
  }
  diagnostics.push(
    ...checkFields(raw, CONFIG_FIELDS, 'The config', (field, atKey) => ({
      file,
      path: [field],
      atKey,
      scope: 'config',
    })).map((d) => ({ ...d, code: DIAGNOSTIC_CODES.configInvalid })),
  );
  const timeoutMs =
    typeof raw.evaluationTimeoutMs === 'number' && raw.evaluationTimeoutMs > 0
      ? raw.evaluationTimeoutMs
      : undefined;
  if (raw.evaluationTimeoutMs !== undefined && timeoutMs === undefined)
    invalid("'evaluationTimeoutMs' must be a positive number of milliseconds.", [
      'evaluationTimeoutMs',
    ]);
  const catalogs: ResolvedCatalogConfig[] = [];
  for (const [name, c] of Object.entries(raw.catalogs)) {
    const where =
      (...p: string[]) =>
      (field: string, atKey: boolean) => ({
        file,
        path: ['catalogs', name, ...p, field],
        atKey,
        scope: 'config' as const,
      });
    if (!isRecord(c)) {
      invalid(`Catalog '${name}' must be an object with an 'include' array of globs.`, [
        'catalogs',
        name,
      ]);
      continue;
    }
    if (!CATALOG_NAME.test(name)) {
      invalid(
        `The catalog name ${JSON.stringify(name)} cannot name a folder and a ` +
          `symbol prefix; use letters, digits, '-' and '_', starting with a letter (e.g. 'agent').`,
        ['catalogs', name],
        { atKey: true },
      );
      continue;
    }
    const before = diagnostics.length;
    diagnostics.push(
      ...checkFields(c, CATALOG_FIELDS, `Catalog '${name}' in the config`, where()).map((d) => ({
        ...d,
        code: DIAGNOSTIC_CODES.configInvalid,
      })),
    );
    for (const [sub, spec] of [
      ['i18n', I18N_FIELDS],
      ['bindings', BINDING_FIELDS],
      ['sdk', SDK_FIELDS],
      ['verify', VERIFY_FIELDS],
    ] as const) {
      const v = c[sub];
      if (isRecord(v))
        diagnostics.push(
          ...checkFields(v, spec, `'${sub}' of catalog '${name}'`, where(sub)).map((d) => ({
            ...d,
            code: DIAGNOSTIC_CODES.configInvalid,
          })),
        );
    }
    if (!Array.isArray(c.include) || c.include.length === 0)
      invalid(
        `Catalog '${name}' needs 'include': a non-empty array of globs naming its source files.`,
        ['catalogs', name],
      );
    if (isRecord(c.bindings) && typeof c.bindings.file !== 'string')
      invalid(`'bindings' of catalog '${name}' needs 'file': the path of the app's binding file.`, [
        'catalogs',
        name,
        'bindings',
      ]);
    const extra = resolveMcpAndStaleRefs(name, c, file, rootDir);
    diagnostics.push(...extra.diagnostics);
    const targets = resolveTargets(c.targets, rootDir);
    for (const { code, message, element } of targets.problems)
      diagnostics.push({
        code,
        severity: 'error',
        message: `Catalog '${name}': ${message}`,
        at: {
          file,
          path: ['catalogs', name, 'targets'],
          scope: 'config',
          ...(element !== undefined ? { element } : {}),
        },
      });
    if (diagnostics.length > before) continue;
    const resolved = {
      ...resolveCatalog(name, c, file, timeoutMs),
      mcp: extra.mcp,
      staleRefs: extra.staleRefs,
      ...(c.targets !== undefined ? { targets: targets.targets } : {}),
    };
    const problems = checkResolvedCatalog(resolved);
    for (const { message, path: at, ...place } of problems)
      invalid(message, ['catalogs', name, ...at], place);
    if (problems.length === 0) catalogs.push(resolved);
  }
  diagnostics.push(...sharedOutputs(catalogs, file));
  return { file, catalogs, inputs: evaluated.inputs, diagnostics };
}

function resolveCatalog(
  name: string,
  c: Record<string, unknown>,
  configFile: string,
  evaluationTimeoutMs: number | undefined,
): Omit<ResolvedCatalogConfig, 'mcp' | 'staleRefs'> {
  const rootDir = path.dirname(configFile);
  const i18n = (c.i18n ?? {}) as Record<string, unknown>;
  const bindings = c.bindings as { file: string; iconType?: ModuleRef } | undefined;
  const sdk = (c.sdk ?? {}) as { aliases?: Record<string, string>; typesModule?: string };
  const prefix = (c.prefix as string | undefined) ?? pascalCase(name);
  const outDir = path.resolve(rootDir, (c.outDir as string | undefined) ?? `generated/${name}`);
  const locales = ((i18n.locales as string[] | undefined) ?? ['en']).map(canonicalLocale);
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
      defaultLocale: canonicalLocale((i18n.defaultLocale as string | undefined) ?? locales[0]!),
      prefix: (i18n.prefix as string | undefined) ?? 'agent.tools',
      layout: (i18n.layout as 'nested' | 'flat' | undefined) ?? 'nested',
      missing: (i18n.missing as MissingTranslationPolicy | undefined) ?? 'error',
      outDir: i18n.outDir
        ? path.resolve(rootDir, i18n.outDir as string)
        : path.join(outDir, 'i18n'),
    },
    bindings: bindings
      ? { file: path.resolve(rootDir, bindings.file), iconType: bindings.iconType }
      : undefined,
    sdk: { aliases: sdk.aliases ?? {}, typesModule: sdk.typesModule ?? DEFAULT_SDK_TYPES_MODULE },
    ...(typeof c.runtimeModule === 'string' ? { runtimeModule: c.runtimeModule } : {}),
    imports: importStyle(outDir, c.importExtension as 'none' | '.js' | '.ts' | undefined, rootDir),
    ...(evaluationTimeoutMs === undefined ? {} : { evaluationTimeoutMs }),
    ...(isRecord(c.verify) && isRecord(c.verify.data)
      ? { verify: { data: verifyData(c.verify.data as unknown as ModuleRef, rootDir) } }
      : {}),
  };
}

/** A relative `verify.data.module` is relative to the config file; a package specifier stays as written. */
const verifyData = (ref: ModuleRef, rootDir: string) => ({
  module:
    ref.module.startsWith('.') || path.isAbsolute(ref.module)
      ? path.resolve(rootDir, ref.module)
      : ref.module,
  exportName: ref.export ?? 'default',
});
