// `tool-catalog`: parses the command line and dispatches to a command. Exit codes: 0 success,
// 1 a check failed or the catalog has errors, 2 bad usage.
import { parseArgs } from 'node:util';
import { suggest } from '../diagnostics/field-schema.js';
import { prestartEvaluationProcess } from '../load/evaluation-process.js';
import { packageVersion } from '../text/package-version.js';
import { debugDetails, failureLine } from './cli-errors.js';
import { COMMON_OPTIONS, type Command, type CommandIO, type OptionSpec } from './command.js';
import { COMMANDS } from './commands/index.js';

const COMMON_HELP = [
  '  --config <file>   config file (default: tool-catalog.config.ts, found upwards)',
  '  --catalog <name>  only this catalog of the config',
  '  --json            machine-readable output on stdout',
  "  --help, -h        the command's usage and options",
];

function help(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Usage: tool-catalog <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options for every command:',
    ...COMMON_HELP,
    '',
    '`tool-catalog --version` (or `version`) prints the version; `tool-catalog <command> --help` shows its options.',
    '',
  ].join('\n');
}

/** `--caller` → `--caller <name>`, its value spelt as the command's usage spells it. */
function flagWithValue(command: Command, name: string): string {
  const option = command.options[name]!;
  const spelt = new RegExp(
    `--${name} (<[^>]+>(?:=[\\w|]+)?|[A-Z_]+=[A-Z_]+|[\\w-]+(?:\\|[\\w-]+)+)`,
  ).exec(command.usage)?.[1];
  const value = option.type === 'string' ? ` ${spelt ?? '<value>'}` : '';
  return `--${name}${value}${option.short ? `, -${option.short}` : ''}${option.multiple ? ' (repeatable)' : ''}`;
}

/** One command's help: its usage, what it does, and every flag it takes (its own, then the common ones). */
export function commandHelp(command: Command): string {
  const own = Object.keys(command.options).filter((name) => !(name in COMMON_OPTIONS));
  return [
    `Usage: tool-catalog ${command.name} ${command.usage}`,
    command.summary,
    '',
    ...(own.length > 0
      ? ['Options:', ...own.map((name) => `  ${flagWithValue(command, name)}`), '']
      : []),
    'Options for every command:',
    ...COMMON_HELP,
    '',
  ].join('\n');
}

/** `--chek` → a sentence naming the option as the command spells it; `parseArgs`'s own text for the rest. */
function usageProblem(error: Error, command: Command): string {
  const flags = (spec: OptionSpec) =>
    Object.entries(spec).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
  const unknown = /Unknown option '([^']+)'/.exec(error.message)?.[1];
  if (unknown !== undefined) {
    const near = suggest(unknown, flags(command.options));
    return `'${command.name}' has no option ${unknown}.${
      near
        ? ` Did you mean ${near}?`
        : ` Its options: ${flags(command.options)
            .filter((f) => f.startsWith('--'))
            .join(', ')}.`
    }`;
  }
  const missingValue = /Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(
    error.message,
  )?.[1];
  if (missingValue !== undefined)
    return `${missingValue} needs a value, e.g. ${missingValue} <value>.`;
  return error.message.replace(/\. To specify a positional argument.*$/s, '.');
}

export async function runCli(argv: readonly string[], io: CommandIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v' || name === 'version') {
    io.stdout(`${packageVersion()}\n`);
    return 0;
  }
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(help());
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    const near = suggest(name, [...COMMANDS.map((c) => c.name), 'version']);
    // A typo deserves the one suggestion, not the whole help.
    io.stderr(
      `Unknown command '${name}'.${near ? ` Did you mean '${near}'?` : ''} ` +
        `\`tool-catalog --help\` lists every command.\n`,
    );
    return 2;
  }
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs({
      args: [...rest],
      options: command.options,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    io.stderr(
      `${usageProblem(error as Error, command)}\nUsage: tool-catalog ${command.name} ${command.usage}\n`,
    );
    return 2;
  }
  if (args.values.help) {
    io.stdout(commandHelp(command));
    return 0;
  }
  // Started before the command's code loads, so the process is ready when the catalog is bundled.
  if (command.evaluatesCatalog?.(args.values) ?? true) prestartEvaluationProcess(io.cwd);
  try {
    const run = await command.load();
    return await run(args, io);
  } catch (error) {
    if (error instanceof Error && error.name === 'UsageError') {
      io.stderr(`${error.message}\nUsage: tool-catalog ${command.name} ${command.usage}\n`);
      return 2;
    }
    // Whatever a command did not turn into a message of its own ends as one line, never a stack trace.
    io.stderr(`${failureLine(command.name, error, io.cwd)}\n${debugDetails(error)}`);
    return 1;
  }
}

/**
 * rolldown's compiler allocates with mimalloc, which commits a large arena up front (the kernel backs
 * it with 2 MB pages, resident whole: ~25 MB more) and keeps freed pages for a later call, which never
 * comes once the catalog is compiled (15 MB at 20,000 tools). The CLI owns its process, so unless the
 * user set otherwise, pages are taken as used and given back when freed. Plugins leave their host's.
 */
function takeNativePagesAsUsed(): void {
  process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0';
  process.env.MIMALLOC_PURGE_DELAY ??= '0';
}

/** Entry point of the `tool-catalog` binary. */
export async function main(): Promise<void> {
  takeNativePagesAsUsed();
  const io: CommandIO = {
    cwd: process.cwd(),
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  };
  // Last resort for an error no command awaited (a callback, a stray promise): one line and exit 1.
  const name = COMMANDS.find((c) => c.name === process.argv[2])?.name;
  const fail = (error: unknown) => {
    process.stderr.write(`${failureLine(name, error, io.cwd)}\n${debugDetails(error)}`);
    process.exit(1);
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  // Once nothing is left to run (so no write is pending), exit at once: left to end by itself, Node
  // frees the heap page by page first (~15 ms at 1,000 tools, ~30 ms at 5,000). 'exit' handlers run.
  process.once('beforeExit', (code) => process.exit(code));
  process.exitCode = await runCli(process.argv.slice(2), io);
}
