// Finds the SDK's `sdk-tools.d.ts` (from the config's `sdk.typesModule`) and the name tables later
// SDKs export (`BUILTIN_TOOL_NAMES`, `LEGACY_TOOL_NAME_ALIASES`), read only when they are needed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface SdkPackage {
  readonly name: string;
  readonly version: string;
  readonly dir: string;
  /** Bare runtime names from `BUILTIN_TOOL_NAMES`, when the SDK declares it. */
  readonly builtinToolNames?: readonly string[];
  /** True when the SDK exports `LEGACY_TOOL_NAME_ALIASES` (its values exist only at run time). */
  readonly hasLegacyAliases: boolean;
  /** The package's JavaScript entry, for `LEGACY_TOOL_NAME_ALIASES`. */
  readonly entry?: string;
}

type Exports = string | { readonly [condition: string]: Exports } | undefined;

/** The `types` target of a package.json `exports` entry. */
function typesTarget(entry: Exports): string | undefined {
  if (typeof entry === 'string') return entry.endsWith('.d.ts') ? entry : undefined;
  if (!entry) return undefined;
  return typesTarget(entry.types) ?? typesTarget(entry.import) ?? typesTarget(entry.default);
}

function defaultTarget(entry: Exports): string | undefined {
  if (typeof entry === 'string') return entry;
  if (!entry) return undefined;
  return defaultTarget(entry.import) ?? defaultTarget(entry.default);
}

/** The fields of a package.json this module reads. */
interface PackageJson {
  readonly name?: unknown;
  readonly version?: unknown;
  readonly types?: string;
  readonly main?: string;
  readonly exports?: Readonly<Record<string, Exports>>;
}
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

/**
 * Resolves a types module the way the generated coverage file imports it: a path relative to the
 * config folder, or `<package>[/<subpath>]` from the nearest `node_modules`, through `exports.types`.
 */
export function resolveTypesModule(specifier: string, fromDir: string): string | undefined {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
    const file = path.resolve(fromDir, specifier);
    return [file, file.replace(/\.(js|mjs)$/, '.d.ts'), `${file}.d.ts`].find(
      (f) => existsSync(f) && f.endsWith('.ts'),
    );
  }
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, nameLength).join('/');
  const subpath = ['.', ...parts.slice(nameLength)].join('/');
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const packageDir = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(packageDir, 'package.json'))) {
      const pkg = readJson(path.join(packageDir, 'package.json'));
      const target = pkg.exports
        ? typesTarget(pkg.exports[subpath])
        : subpath === '.'
          ? pkg.types
          : `${subpath}.d.ts`;
      const file = target && path.join(packageDir, target);
      return file && existsSync(file) ? file : undefined;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The package that holds `typesFile` and its name tables, or undefined for a loose `.d.ts` file. */
export function readSdkPackage(typesFile: string): SdkPackage | undefined {
  const dir = path.dirname(typesFile);
  const manifest = path.join(dir, 'package.json');
  if (!existsSync(manifest)) return undefined;
  const pkg = readJson(manifest);
  const mainTypes = (pkg.exports ? typesTarget(pkg.exports['.']) : undefined) ?? pkg.types;
  const entryTarget = (pkg.exports ? defaultTarget(pkg.exports['.']) : undefined) ?? pkg.main;
  const typesText =
    mainTypes && existsSync(path.join(dir, mainTypes))
      ? readFileSync(path.join(dir, mainTypes), 'utf8')
      : '';
  // The declaration is one line: `export declare const BUILTIN_TOOL_NAMES: readonly ['Agent', …];`
  const tuple = /\bBUILTIN_TOOL_NAMES\s*:\s*readonly\s*\[([^\]]*)\]/.exec(typesText)?.[1];
  return {
    name: String(pkg.name ?? ''),
    version: String(pkg.version ?? ''),
    dir,
    builtinToolNames:
      tuple === undefined
        ? undefined
        : [...tuple.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]!),
    hasLegacyAliases: /\bLEGACY_TOOL_NAME_ALIASES\s*:/.test(typesText),
    entry: entryTarget ? path.join(dir, entryTarget) : undefined,
  };
}

/**
 * The SDK's former-name → current-name table. Its values exist only in the SDK's JavaScript, so this
 * imports the SDK; drift calls it only when some SDK type matched no catalog tool.
 */
export async function loadLegacyAliases(
  pkg: SdkPackage,
): Promise<Readonly<Record<string, string>> | undefined> {
  if (!pkg.hasLegacyAliases || !pkg.entry || !existsSync(pkg.entry)) return undefined;
  try {
    const table = (await import(pathToFileURL(pkg.entry).href)).LEGACY_TOOL_NAME_ALIASES as unknown;
    return table && typeof table === 'object' ? (table as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}
