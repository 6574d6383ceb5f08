// The shape of a CLI command, and the flags every command shares.
import type { ParseArgsConfig } from 'node:util';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export interface CommandIO {
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Stops a long-running command (`generate --watch`) when aborted; from the command line, Ctrl-C does. */
  readonly signal?: AbortSignal;
}

export interface ParsedArgs {
  readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  readonly positionals: readonly string[];
}

export interface Command {
  readonly name: string;
  /** One line for `--help`. */
  readonly summary: string;
  /** Usage after the command name, e.g. `[--check]`. */
  readonly usage: string;
  readonly options: OptionSpec;
  /**
   * Whether a run with these flags evaluates the catalog (default: every run does): the CLI then
   * starts the evaluation process first, so it starts while the command's code loads.
   */
  readonly evaluatesCatalog?: (values: ParsedArgs['values']) => boolean;
  /** The command's code, loaded only when it runs: `--help` and the other commands never pay for it. */
  readonly load: () => Promise<RunCommand>;
}

/** Runs a command; returns the exit code: 0 success, 1 check failed or catalog errors, 2 bad usage. */
type RunCommand = (args: ParsedArgs, io: CommandIO) => Promise<number>;

export const COMMON_OPTIONS: OptionSpec = {
  config: { type: 'string' },
  catalog: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

/** Flags of `resolve` and `explain`. */
export const POLICY_INPUT_OPTIONS: OptionSpec = {
  ...COMMON_OPTIONS,
  ctx: { type: 'string', multiple: true },
  disabled: { type: 'string', multiple: true },
  overlay: { type: 'string', multiple: true },
  'other-server': { type: 'string', multiple: true },
  caller: { type: 'string' },
  runtime: { type: 'string' },
  agent: { type: 'string' },
  target: { type: 'string' },
};

export class UsageError extends Error {
  override name = 'UsageError';
}
