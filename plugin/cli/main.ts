// `tool-catalog`: parses the command line and dispatches to a command. Exit codes: 0 success,
// 1 a check failed or the catalog has errors, 2 bad usage.
import { parseArgs } from 'node:util';
import type { CommandIO } from './command.js';
import { COMMANDS } from './commands/index.js';

function help(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Usage: tool-catalog <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options for every command:',
    '  --config <file>   config file (default: tool-catalog.config.ts, found upwards)',
    '  --catalog <name>  only this catalog of the config',
    '  --json            machine-readable output on stdout',
    '',
  ].join('\n');
}

export async function runCli(argv: readonly string[], io: CommandIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(help());
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr(`Unknown command '${name}'.\n\n${help()}`);
    return 2;
  }
  let args;
  try {
    args = parseArgs({ args: [...rest], options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    io.stderr(`${(error as Error).message}\nUsage: tool-catalog ${command.name} ${command.usage}\n`);
    return 2;
  }
  if (args.values.help) {
    io.stdout(`Usage: tool-catalog ${command.name} ${command.usage}\n${command.summary}\n`);
    return 0;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof Error && error.name === 'UsageError') {
      io.stderr(`${error.message}\nUsage: tool-catalog ${command.name} ${command.usage}\n`);
      return 2;
    }
    throw error;
  }
}

/** Entry point of the `tool-catalog` binary. */
export async function main(): Promise<void> {
  const io: CommandIO = {
    cwd: process.cwd(),
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  };
  process.exitCode = await runCli(process.argv.slice(2), io);
}
