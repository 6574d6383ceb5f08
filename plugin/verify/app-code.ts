// Loads the app code a catalog references — builders, availability checks, name resolvers and the
// `verify.data` export — exactly as the generated tools.ts imports them, bundled into one
// temporary module and imported into this process (in-process servers must live in the process that
// calls `query()`). Nothing else of the app is loaded; tool handlers never run (see wrapBuilt).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CatalogModel, ResolvedModuleRef } from '../model/catalog-model.js';
import { AppModuleBundleError, bundleAppModule } from '../text/bundle-app-module.js';
import { VerifySetupProblem } from './problems.js';

type AnyFunction = (...args: never[]) => unknown;

/** One tool's app code, by role. */
export interface ToolCode {
  readonly build?: AnyFunction;
  readonly check?: AnyFunction;
  readonly resolveNames?: AnyFunction;
}

export interface AppCode {
  /** App code by tool key; tools without any are absent. */
  readonly tools: ReadonlyMap<string, ToolCode>;
  /** Export names by tool key and role, for messages. */
  readonly exportOf: (key: string, role: keyof ToolCode) => string;
  /** A fresh `context.data` for one run (the export, or what the exported function returns). */
  data(): unknown;
  /** Whether the config names `verify.data`. */
  readonly hasData: boolean;
}

/** What each kind of app code is called in messages. */
const ROLE_NAMES: Readonly<Record<keyof ToolCode, string>> = {
  build: 'builder',
  check: 'availability check',
  resolveNames: 'name resolver',
};

interface Ref {
  readonly key: string;
  readonly role: keyof ToolCode | 'data';
  readonly specifier: string;
  readonly exportName: string;
}

/** Every reference the generated tools.ts imports, plus `verify.data`. */
function referencesOf(model: CatalogModel): Ref[] {
  const refs: Ref[] = [];
  const add = (key: string, role: Ref['role'], ref: ResolvedModuleRef) =>
    refs.push({ key, role, specifier: ref.specifier, exportName: ref.exportName });
  for (const t of model.tools) {
    if (!t.factory && t.builder) add(t.key, 'build', t.builder);
    if (t.available.kind === 'function') add(t.key, 'check', t.available.ref);
    if (t.nameSource.kind === 'resolver') add(t.key, 'resolveNames', t.nameSource.ref);
  }
  const data = model.config.verify?.data;
  if (data) {
    // The generated code's specifiers are relative to the output folder; so is this one.
    const relative = path.relative(model.config.outDir, data.module).split(path.sep).join('/');
    const specifier = !path.isAbsolute(data.module)
      ? data.module
      : relative.startsWith('../')
        ? relative
        : `./${relative}`;
    refs.push({ key: '', role: 'data', specifier, exportName: data.exportName });
  }
  return refs;
}

export async function loadAppCode(model: CatalogModel): Promise<AppCode> {
  const refs = referencesOf(model);
  const hasData = model.config.verify?.data !== undefined;
  const none: AppCode = { tools: new Map(), exportOf: () => '', data: () => ({}), hasData };
  if (refs.length === 0) return none;
  // Relative specifiers are the generated code's (relative to the output folder, which may not
  // exist yet): made absolute here.
  const absolute = (specifier: string) =>
    specifier.startsWith('.') ? path.resolve(model.config.outDir, specifier) : specifier;
  const contents = refs
    .map(
      (r, i) =>
        `export { ${r.exportName === 'default' ? 'default' : r.exportName} as ref` +
        `${i} } from ${JSON.stringify(absolute(r.specifier))};`,
    )
    .join('\n');
  let code: string;
  try {
    // Packages stay the app's own copies, as file URLs, so the bundle can be imported from anywhere.
    code = await bundleAppModule({
      contents,
      resolveDir: model.config.rootDir,
      packages: 'as-file-urls',
    });
  } catch (error) {
    if (!(error instanceof AppModuleBundleError)) throw error;
    // A location in the app's own files says where; none means the catalog's reference itself.
    const where = error.at ? `${error.at.file}:${error.at.line}:${error.at.column}: ` : '';
    throw new VerifySetupProblem(
      `${where}the app code catalog '${model.name}' references cannot be loaded: ${error.words}.`,
    );
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tool-catalog-verify-app-'));
  let exports: Record<string, unknown>;
  try {
    const file = path.join(folder, 'app-code.mjs');
    await writeFile(file, code);
    exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new VerifySetupProblem(
      `Loading the app code catalog '${model.name}' references threw: ` +
        `${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  const tools = new Map<string, { -readonly [R in keyof ToolCode]: ToolCode[R] }>();
  const names = new Map<string, string>();
  let data: unknown = {};
  refs.forEach((r, i) => {
    const value = exports[`ref${i}`];
    const what =
      r.role === 'data'
        ? `'verify.data' (${r.exportName})`
        : `${r.exportName} (the ${ROLE_NAMES[r.role]} of tool '${r.key}')`;
    if (r.role === 'data') {
      data = value;
      return;
    }
    const module = r.specifier.startsWith('.')
      ? path.relative(model.config.rootDir, absolute(r.specifier)).split(path.sep).join('/')
      : r.specifier;
    if (typeof value !== 'function')
      throw new VerifySetupProblem(
        `${what} is ${value === undefined ? 'not exported' : 'not a function'} ` +
          `by ${module}; fix the catalog's reference or the export.`,
      );
    const entry = tools.get(r.key) ?? {};
    entry[r.role] = value as AnyFunction;
    tools.set(r.key, entry);
    names.set(`${r.key}\u0000${r.role}`, r.exportName);
  });
  return {
    tools,
    exportOf: (key, role) => names.get(`${key}\u0000${role}`) ?? '',
    data: () => (typeof data === 'function' ? (data as () => unknown)() : data),
    hasData,
  };
}
