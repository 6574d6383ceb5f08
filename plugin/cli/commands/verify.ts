// `tool-catalog verify [--caller <name>]… [--ctx <condition>=true|false]… [--disabled <name>]… [--emit <tool>]
// [--env NAME=VALUE]… [--allow-env-override] [--mcp-config <file>]`: starts the real Claude Code runtime in
// every context (and for every caller) with the session an app builds, and checks that what the model is
// offered equals the policy.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { McpServerConfig } from '@anthropic-ai/claude-agent-sdk';
import { isRecord } from '../../language/plain-data.js';
import { unknownCallerProblem } from '../../model/callers.js';
import { policyTablesOf } from '../../model/policy-tables.js';
import { didYouMean } from '../../diagnostics/field-schema.js';
import { HERMETIC_VARIABLES } from '../../verify/hermetic.js';
import { UsageError, type ParsedArgs, type CommandIO } from '../command.js';
import { checkedPolicyEntries, parseContextFlags } from '../policy-flags.js';
import { loadCommandProject, reportFailedProject, singleModel } from '../project-input.js';
import { jsonOutput } from '../report-diagnostics.js';
import { targetFlag } from '../target-flag.js';

const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x): x is string => typeof x === 'string')
    : typeof v === 'string'
      ? [v]
      : [];

/**
 * `--env NAME=VALUE` flags as an object; a flag without `=` is a usage error, and so is one that
 * would change a variable that keeps the run hermetic, unless `allowOverride`.
 */
export function parseEnvFlags(
  flags: readonly string[],
  allowOverride = false,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const flag of flags) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(flag);
    if (!match)
      throw new UsageError(
        `--env '${flag}' must be NAME=VALUE, e.g. --env CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1.`,
      );
    if (!allowOverride && (HERMETIC_VARIABLES as readonly string[]).includes(match[1]!))
      throw new UsageError(
        `--env ${match[1]}: verify sets it to keep the run hermetic (its own ` +
          `folder, the loopback API); add --allow-env-override to replace it anyway.`,
      );
    env[match[1]!] = match[2]!;
  }
  return env;
}

/** Why a config file could not be read: missing, or not JSON. */
const unreadableBecause = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'ENOENT'
    ? 'the file does not exist'
    : `not valid JSON (${(error as Error).message})`;

/** The `mcpServers` of a Claude-style MCP config file: the external servers the app connects. */
export async function readMcpConfig(file: string): Promise<Record<string, McpServerConfig>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--mcp-config ${file}: ${unreadableBecause(error)}.`);
  }
  const servers = isRecord(parsed) ? parsed.mcpServers : undefined;
  if (!isRecord(servers))
    throw new UsageError(
      `--mcp-config ${file} must hold { "mcpServers": { "<name>": { "command": "…", "args": […] } } }.`,
    );
  for (const [name, server] of Object.entries(servers))
    if (!isRecord(server) || (typeof server.command !== 'string' && typeof server.url !== 'string'))
      throw new UsageError(
        `--mcp-config ${file}: server '${name}' needs a "command" (stdio) or a "url".`,
      );
  return servers as Record<string, McpServerConfig>;
}

/** `tool-catalog verify`: its flags and usage are in the command table (index.ts). */
export async function verifyCommand(
  { values, positionals }: ParsedArgs,
  io: CommandIO,
): Promise<number> {
  if (positionals.length > 0)
    throw new UsageError(
      `verify takes no arguments, got '${positionals.join(' ')}'; name a tool to call with --emit <tool>.`,
    );
  const project = await loadCommandProject(values, io);
  const failed = reportFailedProject(project, values, io);
  if (failed !== undefined) return failed;
  const model = singleModel(project);
  const tables = policyTablesOf(model);
  const target = targetFlag(values, model);
  if (target !== undefined && target.name !== 'claude-agent-sdk')
    return (await import('./verify-target.js')).verifyTarget(target, model, values, io);
  const callers = list(values.caller);
  for (const caller of callers) {
    const problem = unknownCallerProblem(model, caller);
    if (problem) throw new UsageError(`--caller '${caller}': ${problem}`);
  }
  const ctx = list(values.ctx);
  const mcpConfig =
    typeof values['mcp-config'] === 'string'
      ? await readMcpConfig(path.resolve(io.cwd, values['mcp-config']))
      : undefined;
  const env = parseEnvFlags(list(values.env), values['allow-env-override'] === true);
  const runtimes = list(values.runtime);
  const declaredRuntimes = model.runtimes.map((r) => r.name);
  for (const name of runtimes)
    if (!declaredRuntimes.includes(name))
      throw new UsageError(
        `--runtime '${name}': catalog '${model.name}' declares the runtime ` +
          `configurations ${declaredRuntimes.join(', ')}.` +
          `${didYouMean(name, declaredRuntimes)}`,
      );
  // Only this command loads the SDK and starts the runtime: the other commands never pay for them.
  const { verifyCatalog } = await import('../../verify/verify.js');
  const { formatVerifyReport } = await import('../../verify/format-report.js');
  const { RuntimeUnavailable, VerifySetupProblem } = await import('../../verify/problems.js');
  const { endRunsOnSignals } = await import('../../verify/run-cleanup.js');
  // Ctrl-C or SIGTERM ends every runtime verify started and removes its folders before exiting.
  const stopHandling = endRunsOnSignals((signal) =>
    io.stderr(`verify: stopped by ${signal}; every runtime it started is ended.\n`),
  );
  try {
    const report = await verifyCatalog(model, {
      ...(ctx.length > 0
        ? { contexts: [{ id: 'given', context: parseContextFlags(ctx, tables) }] }
        : {}),
      ...(callers.length > 0 ? { callers } : {}),
      // The servers of --mcp-config are the app's own: entries under them are handed on as written.
      disabledTools: checkedPolicyEntries(
        tables,
        '--disabled',
        list(values.disabled),
        Object.keys(mcpConfig ?? {}),
      ),
      overlay: checkedPolicyEntries(
        tables,
        '--overlay',
        list(values.overlay),
        Object.keys(mcpConfig ?? {}),
      ),
      ...(typeof values.emit === 'string' ? { emit: values.emit } : {}),
      env,
      allowEnvOverride: values['allow-env-override'] === true,
      ...(mcpConfig ? { externalServers: mcpConfig } : {}),
      ...(runtimes.length > 0 ? { runtimes } : {}),
      ...(typeof values.sdk === 'string' ? { sdk: values.sdk } : {}),
      full: values.full === true,
      update: values.update === true,
    });
    io.stdout(values.json ? jsonOutput(report) : formatVerifyReport(report));
    return report.ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof RuntimeUnavailable || error instanceof VerifySetupProblem)) throw error;
    if (values.json)
      io.stdout(jsonOutput({ ok: false, catalog: model.name, error: error.message }));
    else io.stderr(`verify: ${error.message}\n`);
    return error instanceof RuntimeUnavailable ? 2 : 1;
  } finally {
    stopHandling();
  }
}
