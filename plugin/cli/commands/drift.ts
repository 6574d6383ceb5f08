// `tool-catalog drift [--sdk-types <file>]`: compares the catalog's SDK-typed tools with the SDK's
// `sdk-tools.d.ts`; `drift --mcp [server…]` compares its MCP tools with what the servers list and
// with the lock. Either exits 1 on any disagreement, naming each tool and how to fix it.
import { formatCatalogDrift } from '../../drift/format-report.js';
import { runDrift } from '../../drift/run-drift.js';
import { UsageError, type CommandIO, type ParsedArgs } from '../command.js';
import { loadWithPeer } from '../optional-peer.js';
import { diagnosticsJson, printDiagnostics, jsonOutput } from '../report-diagnostics.js';
import { isUsageProblem } from '../../project/load-project.js';
import { terminalJson } from '../../text/terminal.js';

/** `--connect-timeout 500` → 500; anything but a positive number of milliseconds is bad usage. */
function milliseconds(values: ParsedArgs['values'], flag: string): number | undefined {
  const raw = values[flag] as string | undefined;
  if (raw === undefined) return undefined;
  const ms = Number(raw);
  if (!/^\d+$/.test(raw) || !(ms > 0))
    throw new UsageError(`--${flag} needs a positive number of milliseconds, not '${raw}'.`);
  return ms;
}

/** `drift --mcp`: its code and the MCP client, an optional peer, are loaded only on this path. */
async function runMcp({ values, positionals }: ParsedArgs, io: CommandIO): Promise<number> {
  if (values['sdk-types'] !== undefined)
    throw new UsageError(
      '--sdk-types compares with the SDK, --mcp with MCP servers; run them separately.',
    );
  const update = values.update === true;
  const options = {
    cwd: io.cwd,
    config: values.config as string | undefined,
    catalog: values.catalog as string | undefined,
    servers: positionals,
    update,
    connectTimeoutMs: milliseconds(values, 'connect-timeout'),
    listTimeoutMs: milliseconds(values, 'list-timeout'),
  };
  const loaded = await loadWithPeer('@modelcontextprotocol/sdk', io, () =>
    Promise.all([
      import('../../drift/run-mcp-drift.js'),
      import('../../drift/format-mcp-report.js'),
    ]),
  );
  if (!loaded) return 2;
  const [{ runMcpDrift }, { formatMcpDrift }] = loaded;
  const result = await runMcpDrift(options);
  if (result.usageError) throw new UsageError(result.usageError);
  const failure = result.diagnostics.some(isUsageProblem) ? 2 : 1;
  if (values.json) {
    // Server strings are JSON-escaped; the few characters JSON leaves raw are escaped too, for a terminal.
    const report = {
      ok: result.ok,
      catalogs: result.catalogs,
      diagnostics: diagnosticsJson(result.diagnostics),
    };
    io.stdout(`${terminalJson(JSON.stringify(report, null, 2))}\n`);
    return result.ok ? 0 : failure;
  }
  printDiagnostics(result.diagnostics, io);
  if (result.catalogs.length > 0) io.stdout(formatMcpDrift(result, io.cwd, update));
  return result.ok ? 0 : failure;
}

/** `tool-catalog drift`: its flags and usage are in the command table (index.ts). */
export async function driftCommand(args: ParsedArgs, io: CommandIO): Promise<number> {
  const { values, positionals } = args;
  if (values.mcp) return runMcp(args, io);
  for (const flag of ['update', 'connect-timeout', 'list-timeout'])
    if (values[flag] !== undefined)
      throw new UsageError(`--${flag} applies to MCP servers; use it with --mcp.`);
  if (positionals.length > 0)
    throw new UsageError(
      `Unexpected argument '${positionals[0]}'; drift takes server names only with --mcp.`,
    );
  const result = await runDrift({
    cwd: io.cwd,
    config: values.config as string | undefined,
    catalog: values.catalog as string | undefined,
    sdkTypes: values['sdk-types'] as string | undefined,
    ...(typeof values.sdk === 'string' ? { sdk: values.sdk } : {}),
  });
  if (result.usageError) throw new UsageError(result.usageError);
  // Without the SDK nothing was compared: exit 2, as every command that needs the SDK does.
  const failure = result.sdkMissing || result.diagnostics.some(isUsageProblem) ? 2 : 1;
  if (values.json) {
    io.stdout(
      jsonOutput({
        ok: result.ok,
        catalogs: result.catalogs,
        error: result.sdkMissing ?? result.error,
        diagnostics: diagnosticsJson(result.diagnostics),
      }),
    );
    return result.ok ? 0 : failure;
  }
  printDiagnostics(result.diagnostics, io);
  if (result.sdkMissing) io.stderr(`drift: ${result.sdkMissing}\n`);
  if (result.error) io.stderr(`${result.error}\n`);
  for (const drift of result.catalogs) io.stdout(formatCatalogDrift(drift, io.cwd));
  return result.ok ? 0 : failure;
}
