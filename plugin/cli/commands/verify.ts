// `tool-catalog verify [--caller <name>]… [--ctx <condition>=true|false]… [--disabled <name>]… [--emit <tool>]
// [--env NAME=VALUE]… [--allow-env-override] [--mcp-config <file>]`: starts the real Claude Code runtime in
// every context (and for every caller) with the session an app builds, and checks that what the model is
// offered equals the policy.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SURFACE_LOCK_NAME } from '../../language/output-files.js';
import { relativePosix } from '../../text/spelling.js';
import { journalEdits } from '../../write/interrupt.js';
import { type Regenerated, regenerate } from '../regenerate.js';
import type { McpServerConfig } from '@anthropic-ai/claude-agent-sdk';
import { isRecord } from '../../language/plain-data.js';
import { unknownCallerProblem } from '../../model/callers.js';
import { policyTablesOf } from '../../model/policy-tables.js';
import { didYouMean } from '../../diagnostics/field-schema.js';
import { HERMETIC_VARIABLES } from '../../verify/hermetic.js';
import { UsageError, type ParsedArgs, type CommandIO } from '../command.js';
import { checkedPolicyEntries, parseContextFlags } from '../policy-flags.js';
import {
  loadCommandProject,
  projectOptions,
  reportFailedProject,
  singleModel,
} from '../project-input.js';
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
  const update = values.update === true;
  // On stderr, as each run ends (the report on stdout comes at the end): a terminal and a CI log show progress.
  const { progressLines } = await import('../../verify/format-report.js');
  const say = (line: string) => io.stderr(`${line}\n`);
  const progress = values.json
    ? undefined
    : {
        start: (p: Parameters<typeof progressLines.start>[0]) => say(progressLines.start(p)),
        surface: (r: Parameters<typeof progressLines.surface>[0]) => say(progressLines.surface(r)),
        run: (r: Parameters<typeof progressLines.run>[0], done: number, of: number) =>
          say(progressLines.run(r, done, of)),
      };
  // With --update: the lock, and the generated files that follow from it, get their old bytes back
  // when verify is interrupted before it has written them all.
  const journal = update
    ? journalEdits((signal, files) =>
        io.stderr(
          `verify: ${signal}: ${files.length} file${files.length === 1 ? '' : 's'} it was ` +
            `writing got ${files.length === 1 ? 'its' : 'their'} old bytes back.\n`,
        ),
      )
    : undefined;
  if (journal) {
    const lock = path.join(model.config.outDir, SURFACE_LOCK_NAME);
    await journal.record(lock, await readFile(lock, 'utf8').catch(() => undefined));
  }
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
      update,
      ...(progress ? { progress } : {}),
    });
    // What generate reads from the lock just written is written again, so generate --check passes.
    const regenerated =
      journal && report.updated !== undefined
        ? await regenerate(
            { ...projectOptions(values, io), catalog: model.name },
            journal,
            model.config.rootDir,
          )
        : undefined;
    const regenerateOk = regenerated === undefined || 'written' in regenerated;
    io.stdout(
      values.json
        ? jsonOutput({ ...report, ...(regenerated ? { regenerated } : {}) })
        : `${formatVerifyReport(report)}${regeneratedLine(regenerated, io.cwd)}`,
    );
    return report.ok && regenerateOk ? 0 : 1;
  } catch (error) {
    if (!(error instanceof RuntimeUnavailable || error instanceof VerifySetupProblem)) throw error;
    if (values.json)
      io.stdout(jsonOutput({ ok: false, catalog: model.name, error: error.message }));
    else io.stderr(`verify: ${error.message}\n`);
    return error instanceof RuntimeUnavailable ? 2 : 1;
  } finally {
    journal?.close();
    stopHandling();
  }
}

/** What `--update` regenerated from the lock it wrote, or the one command to run. */
function regeneratedLine(r: Regenerated | undefined, cwd: string): string {
  if (r === undefined) return '';
  if ('notWritten' in r)
    return (
      `verify: the generated files that follow from the lock were not written again (${r.notWritten}); ` +
      `run \`${r.run}\` before generate --check.\n`
    );
  return r.written.length === 0
    ? 'verify: the generated files already follow the lock; generate --check passes.\n'
    : `verify: regenerated ${r.written.map((f) => relativePosix(cwd, f)).join(', ')} from the lock; ` +
        'generate --check passes.\n';
}
