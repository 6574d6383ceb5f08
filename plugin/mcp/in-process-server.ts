// Builds an in-process MCP server from the app module the config names: the module is bundled (it
// is usually TypeScript), imported, and its export called, so `drift --mcp` can list
// the tools the app really serves without starting the app.
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ResolvedMcpServer } from '../load/mcp-config.js';
import { observeBuiltNames } from '../runtime/built-names.js';
import { AppModuleBundleError, bundleAppModule } from '../text/bundle-app-module.js';

/**
 * What `drift` needs of a server: the shape of the SDK's `McpServer`, and of what
 * `createSdkMcpServer` holds in `instance`.
 */
export interface ConnectableServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

type InProcessConfig = Extract<ResolvedMcpServer, { type: 'sdk' }>;

/**
 * The app module could not be bundled, imported or called, or gave no server; the message says
 * which, and what to change.
 */
export class InProcessServerError extends Error {
  override name = 'InProcessServerError';
}

/** A few words for what an export gave; app values may be large or cyclic, so never their JSON. */
function describe(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  if (typeof v !== 'object') return `a ${typeof v}`;
  const keys = Object.keys(v);
  return keys.length === 0
    ? 'an empty object'
    : `an object with ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}`;
}

const isConnectable = (v: unknown): v is ConnectableServer =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ConnectableServer).connect === 'function' &&
  typeof (v as ConnectableServer).close === 'function';

/**
 * Where the bundle is written: a `node_modules` folder at or above the config, so that the packages
 * the module imports (left out of the bundle) resolve exactly as they do for the app.
 */
function bundleFolder(resolveDir: string): string {
  for (let dir = resolveDir; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules')))
      return path.join(dir, 'node_modules', '.tool-catalog');
    if (path.dirname(dir) === dir) return path.join(resolveDir, 'node_modules', '.tool-catalog');
  }
}

async function importModule(config: InProcessConfig): Promise<Record<string, unknown>> {
  let code: string;
  try {
    code = await bundleAppModule({
      contents: `export * as served from ${JSON.stringify(config.module)};`,
      resolveDir: config.resolveDir,
      packages: 'as-written',
      sourcemap: true,
    });
  } catch (error) {
    if (!(error instanceof AppModuleBundleError)) throw error;
    const where = error.at ? ` (${error.at.file}:${error.at.line}:${error.at.column})` : '';
    throw new InProcessServerError(
      `cannot bundle ${JSON.stringify(config.module)}: ${error.words}${where}.`,
    );
  }
  const folder = bundleFolder(config.resolveDir);
  const file = path.join(
    folder,
    `mcp-${config.name}-${process.pid}-${Math.random().toString(36).slice(2, 10)}.mjs`,
  );
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(file, code);
  try {
    return ((await import(pathToFileURL(file).href)) as { served: Record<string, unknown> }).served;
  } catch (error) {
    throw new InProcessServerError(
      `importing ${JSON.stringify(config.module)} failed: ${(error as Error).message}`,
    );
  } finally {
    await fs.rm(file, { force: true });
  }
}

/**
 * The server the config's `{ type: 'sdk', module, export }` names. The export is a function (called
 * with no arguments, awaited) or a value: what `createSdkMcpServer(...)` returns (its `instance` is
 * used) or an MCP server itself.
 */
export async function loadInProcessServer(config: InProcessConfig): Promise<ConnectableServer> {
  const served = await importModule(config);
  if (!(config.export in served)) {
    const names = Object.keys(served).filter((n) => n !== '__esModule');
    throw new InProcessServerError(
      `the module has no export '${config.export}'; it exports ` +
        `${names.length > 0 ? names.join(', ') : 'nothing'}. Set 'export' in the ` +
        `config to the function that builds the server.`,
    );
  }
  let value = served[config.export];
  if (typeof value === 'function') {
    try {
      // Listed as the builders build them today: drift reports a renamed tool itself, so a builder whose
      // names differ from the catalog's must not stop the listing.
      const create = value as () => unknown;
      value = await observeBuiltNames(() => undefined, create);
    } catch (error) {
      throw new InProcessServerError(
        `the export threw while building the server: ${(error as Error)?.message ?? String(error)}`,
      );
    }
  }
  const instance = isConnectable(value)
    ? value
    : (value as { instance?: unknown } | null)?.instance;
  if (isConnectable(instance)) return instance;
  throw new InProcessServerError(
    `its export gave ${describe(value)}, not a server; return ` +
      `createSdkMcpServer({ name, tools }) or an MCP server (an object with ` +
      `connect and close).`,
  );
}
