// Checks and resolves a catalog's `mcp` (how `drift --mcp` reaches each server) and `staleRefs`
// options: shapes, required fields, header values that must come from the environment.
import path from 'node:path';
import type { McpEnvValue } from '../language/config.js';
import { describeValue } from '../language/plain-data.js';
import { specifierProblem, isExportName } from '../language/naming.js';
import {
  DIAGNOSTIC_CODES,
  type PendingDiagnostic,
  type SourceLocator,
} from '../diagnostics/diagnostics.js';
import { checkFields, isRecord, type FieldSpec } from '../diagnostics/field-schema.js';

/** Defaults of the two time limits, in ms: generous for a server started through `npx`. */
const DEFAULT_CONNECT_TIMEOUT_MS = 15_000;
const DEFAULT_LIST_TIMEOUT_MS = 15_000;

interface ResolvedMcpCheckOptions {
  /** The name the catalog declares in `servers` or `channels`. */
  readonly name: string;
  readonly clientCapabilities: Readonly<Record<string, unknown>>;
  readonly connectTimeoutMs: number;
  readonly listTimeoutMs: number;
}

export type ResolvedMcpServer = ResolvedMcpCheckOptions &
  (
    | {
        readonly type: 'stdio';
        readonly command: string;
        readonly args: readonly string[];
        readonly env: Readonly<Record<string, string | McpEnvValue>>;
        /** Absolute. */
        readonly cwd: string;
      }
    | {
        readonly type: 'http' | 'sse';
        readonly url: string;
        readonly headers: Readonly<Record<string, McpEnvValue>>;
      }
    | {
        readonly type: 'sdk';
        /** As written: relative to `resolveDir`, or a package. */
        readonly module: string;
        readonly export: string;
        readonly resolveDir: string;
      }
  );

export interface ResolvedStaleRefsOptions {
  readonly exclude: readonly string[];
}

const COMMON_FIELDS: FieldSpec = {
  type: { type: 'enum', values: ['stdio', 'http', 'sse', 'sdk'] },
  clientCapabilities: { type: 'record' },
  connectTimeoutMs: { type: 'number' },
  listTimeoutMs: { type: 'number' },
};
const FIELDS_BY_TYPE: Readonly<Record<'stdio' | 'http' | 'sdk', FieldSpec>> = {
  stdio: {
    ...COMMON_FIELDS,
    command: { type: 'string' },
    args: { type: 'string[]' },
    env: { type: 'record' },
    cwd: { type: 'string' },
  },
  http: { ...COMMON_FIELDS, url: { type: 'string' }, headers: { type: 'record' } },
  sdk: { ...COMMON_FIELDS, module: { type: 'string' }, export: { type: 'string' } },
};
const REQUIRED: Readonly<Record<'stdio' | 'http' | 'sdk', string>> = {
  stdio: 'command',
  http: 'url',
  sdk: 'module',
};
/** What the required field of each kind of server holds, for the message that asks for it. */
const REQUIRED_MEANS: Readonly<Record<'stdio' | 'http' | 'sdk', string>> = {
  stdio: 'the program that starts the server',
  http: 'the server URL',
  sdk: 'the app module that builds the server',
};
const STALE_REFS_FIELDS: FieldSpec = { exclude: { type: 'string[]' } };
/** What an environment variable may be called on every platform. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const isEnvValue = (v: unknown): v is McpEnvValue =>
  isRecord(v) &&
  typeof v.env === 'string' &&
  (v.prefix === undefined || typeof v.prefix === 'string') &&
  Object.keys(v).every((k) => k === 'env' || k === 'prefix');

/** The problems of one `{ env, prefix? }` value, or of a literal where only one of those may stand. */
function envValueProblems(
  value: unknown,
  what: string,
  literalAllowed: boolean,
): string | undefined {
  if (literalAllowed && typeof value === 'string') return undefined;
  if (typeof value === 'string')
    return (
      `${what} is written in the config; header values may hold secrets, so ` +
      `read it from the environment instead: { env: 'VARIABLE' } (with prefix: ` +
      `'Bearer ' for a bearer token).`
    );
  if (!isEnvValue(value))
    return (
      `${what} must be ${literalAllowed ? 'a string or ' : ''}{ env: ` +
      `'VARIABLE', prefix?: '…' }, not ${describeValue(value)}.`
    );
  if (!ENV_NAME.test(value.env))
    return (
      `${what} reads the variable ${JSON.stringify(value.env)}, which is not ` +
      `an environment variable name; use letters, digits and '_'.`
    );
  return undefined;
}

/** Problems of one server entry, each with its locator; none means `resolveMcpServer` may run. */
function serverProblems(
  name: string,
  entry: Record<string, unknown>,
  where: (p: string[], atKey?: boolean) => SourceLocator,
): PendingDiagnostic[] {
  const invalid = (message: string, at: SourceLocator): PendingDiagnostic => ({
    code: DIAGNOSTIC_CODES.configInvalid,
    severity: 'error',
    message,
    at,
  });
  const what = `MCP server '${name}' in the config`;
  const type = entry.type ?? 'stdio';
  if (typeof type !== 'string' || !['stdio', 'http', 'sse', 'sdk'].includes(type))
    return [
      invalid(
        `${what}: 'type' must be 'stdio', 'http', 'sse' or 'sdk', not ${describeValue(type)}.`,
        where(['type']),
      ),
    ];
  const family = type === 'sse' ? 'http' : (type as 'stdio' | 'http' | 'sdk');
  const out: PendingDiagnostic[] = checkFields(
    entry,
    FIELDS_BY_TYPE[family],
    what,
    (field, atKey) => where([field], atKey),
  ).map((d) => ({ ...d, code: DIAGNOSTIC_CODES.configInvalid }));
  const required = REQUIRED[family];
  if (typeof entry[required] !== 'string' || entry[required] === '')
    out.push(invalid(`${what} needs '${required}' (${REQUIRED_MEANS[family]}).`, where([], true)));
  for (const field of ['connectTimeoutMs', 'listTimeoutMs'])
    if (typeof entry[field] === 'number' && !((entry[field] as number) > 0))
      out.push(
        invalid(`${what}: '${field}' must be a positive number of milliseconds.`, where([field])),
      );
  if (
    family === 'http' &&
    typeof entry.url === 'string' &&
    entry.url !== '' &&
    !/^https?:\/\/[^\s]+$/.test(entry.url)
  )
    out.push(
      invalid(
        `${what}: 'url' ${JSON.stringify(entry.url)} is not an http:// or https:// URL.`,
        where(['url']),
      ),
    );
  for (const [field, literalAllowed] of [
    ['env', true],
    ['headers', false],
  ] as const) {
    const values = entry[field];
    if (!isRecord(values)) continue;
    for (const [key, value] of Object.entries(values)) {
      const problem = envValueProblems(
        value,
        `${field === 'env' ? 'Environment variable' : 'Header'} '${key}' of MCP server '${name}'`,
        literalAllowed,
      );
      if (problem) out.push(invalid(problem, where([field, key])));
    }
  }
  if (family === 'sdk') {
    if (typeof entry.module === 'string' && entry.module !== '' && specifierProblem(entry.module))
      out.push(
        invalid(
          `${what}: the module ${JSON.stringify(entry.module)} cannot be imported: ${specifierProblem(entry.module)}.`,
          where(['module']),
        ),
      );
    if (typeof entry.export === 'string' && !isExportName(entry.export))
      out.push(
        invalid(
          `${what}: the export ${JSON.stringify(entry.export)} is not an export ` +
            `name; write the name the module exports (an identifier) or leave ` +
            `'export' out for the default export.`,
          where(['export']),
        ),
      );
  }
  return out;
}

function resolveMcpServer(
  name: string,
  entry: Record<string, unknown>,
  rootDir: string,
): ResolvedMcpServer {
  const common = {
    name,
    clientCapabilities: (entry.clientCapabilities as Record<string, unknown> | undefined) ?? {},
    connectTimeoutMs: (entry.connectTimeoutMs as number | undefined) ?? DEFAULT_CONNECT_TIMEOUT_MS,
    listTimeoutMs: (entry.listTimeoutMs as number | undefined) ?? DEFAULT_LIST_TIMEOUT_MS,
  };
  const type = (entry.type as string | undefined) ?? 'stdio';
  if (type === 'sdk')
    return {
      ...common,
      type,
      module: entry.module as string,
      export: (entry.export as string | undefined) ?? 'default',
      resolveDir: rootDir,
    };
  if (type === 'http' || type === 'sse')
    return {
      ...common,
      type,
      url: entry.url as string,
      headers: (entry.headers as Record<string, McpEnvValue> | undefined) ?? {},
    };
  return {
    ...common,
    type: 'stdio',
    command: entry.command as string,
    args: (entry.args as string[] | undefined) ?? [],
    env: (entry.env as Record<string, string | McpEnvValue> | undefined) ?? {},
    cwd: path.resolve(rootDir, (entry.cwd as string | undefined) ?? '.'),
  };
}

/**
 * The `mcp` and `staleRefs` options of catalog `catalog` (its raw config object `c`), resolved,
 * with every problem found; `file` is the config file, `rootDir` its folder.
 */
export function resolveMcpAndStaleRefs(
  catalog: string,
  c: Record<string, unknown>,
  file: string,
  rootDir: string,
) {
  const where =
    (...p: string[]) =>
    (sub: string[], atKey = false): SourceLocator => ({
      file,
      path: ['catalogs', catalog, ...p, ...sub],
      atKey,
      scope: 'config',
    });
  const diagnostics: PendingDiagnostic[] = [];
  const mcp: Record<string, ResolvedMcpServer> = {};
  if (isRecord(c.mcp)) {
    for (const [name, entry] of Object.entries(c.mcp)) {
      if (!isRecord(entry)) {
        diagnostics.push({
          code: DIAGNOSTIC_CODES.configInvalid,
          severity: 'error',
          message:
            `MCP server '${name}' in the config must be an object such as { command: ` +
            `'node', args: ['server.js'] }, { type: 'http', url } or { type: 'sdk', ` +
            `module }, not ${describeValue(entry)}.`,
          at: where('mcp')([name]),
        });
        continue;
      }
      const problems = serverProblems(name, entry, where('mcp', name));
      diagnostics.push(...problems);
      if (problems.length === 0) mcp[name] = resolveMcpServer(name, entry, rootDir);
    }
  }
  let exclude: string[] = [];
  if (isRecord(c.staleRefs)) {
    diagnostics.push(
      ...checkFields(
        c.staleRefs,
        STALE_REFS_FIELDS,
        `'staleRefs' of catalog '${catalog}'`,
        (field, atKey) => where('staleRefs')([field], atKey),
      ).map((d) => ({ ...d, code: DIAGNOSTIC_CODES.configInvalid })),
    );
    if (Array.isArray(c.staleRefs.exclude))
      exclude = c.staleRefs.exclude.filter((g): g is string => typeof g === 'string');
  }
  return { mcp, staleRefs: { exclude } satisfies ResolvedStaleRefsOptions, diagnostics };
}
