// The command table: every CLI command's name, flags and usage, and its code, loaded only when it
// runs. Add a command here (and its module beside this one) to make it `tool-catalog <name>`.
import { COMMON_OPTIONS, POLICY_INPUT_OPTIONS, type Command } from '../command.js';

export const COMMANDS: readonly Command[] = [
  {
    name: 'generate',
    summary:
      'Compile the catalog into its generated files (--check: exit 1 if any is ' +
      'stale; --watch: regenerate on every change)',
    usage: '[--check | --watch | --prune]',
    options: {
      ...COMMON_OPTIONS,
      check: { type: 'boolean' },
      watch: { type: 'boolean', short: 'w' },
      prune: { type: 'boolean' },
    },
    // A watch session starts its own evaluation process, kept for the session.
    evaluatesCatalog: (values) => values.watch !== true,
    load: async () => (await import('./generate.js')).generateCommand,
  },
  {
    name: 'drift',
    summary:
      "Compare the catalog with the SDK's sdk-tools.d.ts, or (--mcp) with its " +
      'MCP servers and their lock (exit 1 on drift)',
    usage:
      '[--sdk <package|folder> | --sdk-types <file>] | --mcp [server…] ' +
      '[--update] [--connect-timeout <ms>] [--list-timeout <ms>]',
    options: {
      ...COMMON_OPTIONS,
      'sdk-types': { type: 'string' },
      sdk: { type: 'string' },
      mcp: { type: 'boolean' },
      update: { type: 'boolean' },
      'connect-timeout': { type: 'string' },
      'list-timeout': { type: 'string' },
    },
    load: async () => (await import('./drift.js')).driftCommand,
  },
  {
    name: 'init',
    summary:
      'Scaffold a config, a starter catalog and a binding file in this app; run again, it completes what is missing',
    usage: '[--catalog <name>] [--config <file>] [--ui | --no-ui] [--target <sdk>]...',
    options: {
      ...COMMON_OPTIONS,
      ui: { type: 'boolean' },
      'no-ui': { type: 'boolean' },
      target: { type: 'string', multiple: true },
    },
    // A first run scaffolds the catalog before anything evaluates it.
    evaluatesCatalog: () => false,
    load: async () => (await import('./init.js')).initCommand,
  },
  {
    name: 'resolve',
    summary:
      'Print what one session offers the model (direct, deferred, absent) and what the SDK receives',
    usage:
      '[--caller <name>] [--agent <name>] [--runtime <name>] [--ctx ' +
      '<condition>=true|false]... [--disabled <name>]... [--overlay <name>]... ' +
      '[--other-server <name>]... [--target <sdk>]',
    options: POLICY_INPUT_OPTIONS,
    load: async () => (await import('./resolve.js')).resolveCommand,
  },
  {
    name: 'explain',
    summary: 'Say whether a tool is allowed and why, rule by rule',
    usage:
      '<tool> [--caller <name>] [--agent <name>] [--runtime <name>] [--ctx ' +
      '<condition>=true|false]... [--disabled <name>]... [--overlay <name>]... ' +
      '[--other-server <name>]... [--target <sdk>]',
    options: POLICY_INPUT_OPTIONS,
    load: async () => (await import('./explain.js')).explainCommand,
  },
  {
    name: 'report',
    summary:
      'Draw the exposure matrix (tools × exposure × conditions × pair groups) as Markdown or HTML',
    usage: '[--format md|html] [--out <file>]',
    options: { ...COMMON_OPTIONS, format: { type: 'string' }, out: { type: 'string' } },
    load: async () => (await import('./report.js')).reportCommand,
  },
  {
    name: 'bindings',
    summary:
      "Check the app's binding file against the catalog (--fix: insert missing entries, --prune: remove stale ones)",
    usage: '[--fix [--prune]]',
    options: { ...COMMON_OPTIONS, fix: { type: 'boolean' }, prune: { type: 'boolean' } },
    load: async () => (await import('./bindings.js')).bindingsCommand,
  },
  {
    name: 'stale-refs',
    summary:
      'Find references to runtime names of tools no longer in the catalog, ' +
      'also after the removal is committed (exit 1 if any)',
    usage: '[--since <ref>] [--include <glob>]... [--ignore <glob>]...',
    options: {
      ...COMMON_OPTIONS,
      since: { type: 'string' },
      include: { type: 'string', multiple: true },
      ignore: { type: 'string', multiple: true },
    },
    load: async () => (await import('./stale-refs.js')).staleRefsCommand,
  },
  {
    name: 'verify',
    summary:
      "Start the real Claude Code runtime (or, with --target, the SDK's test model) per context " +
      'and caller; check the model is offered exactly what the policy allows',
    usage:
      '[--target <sdk>] [--runtime <name>]... [--caller <name>]... [--ctx ' +
      '<condition>=true|false]... [--disabled <name>]... [--overlay <name>]... ' +
      '[--emit <tool>] [--env NAME=VALUE]... [--allow-env-override] ' +
      '[--mcp-config <file>] [--sdk <package|folder>] [--full] [--update]',
    options: {
      ...COMMON_OPTIONS,
      caller: { type: 'string', multiple: true },
      ctx: { type: 'string', multiple: true },
      disabled: { type: 'string', multiple: true },
      overlay: { type: 'string', multiple: true },
      emit: { type: 'string' },
      env: { type: 'string', multiple: true },
      'allow-env-override': { type: 'boolean' },
      'mcp-config': { type: 'string' },
      runtime: { type: 'string', multiple: true },
      sdk: { type: 'string' },
      full: { type: 'boolean' },
      update: { type: 'boolean' },
      target: { type: 'string' },
    },
    load: async () => (await import('./verify.js')).verifyCommand,
  },
  {
    name: 'upgrade',
    summary:
      'Report what another SDK version changes (tools, input fields, the ' +
      "runtime's offer) with the catalog edits; --write applies them, " +
      '--check exits 1 if it changes anything (--to latest: a nightly check)',
    usage:
      '--to <version|dist-tag|package|folder> [--from <version|package|folder>] ' +
      '[--runtime <name>]... [--write | --check]',
    options: {
      ...COMMON_OPTIONS,
      to: { type: 'string' },
      from: { type: 'string' },
      runtime: { type: 'string', multiple: true },
      write: { type: 'boolean' },
      check: { type: 'boolean' },
    },
    load: async () => (await import('./upgrade.js')).upgradeCommand,
  },
  {
    name: 'doctor',
    summary:
      "Check this app's set-up (Node, TypeScript, module resolution, SDKs and their lock, " +
      'generated output, binding and locale files, build scripts); each problem with its fix',
    usage: '',
    options: { ...COMMON_OPTIONS },
    load: async () => (await import('./doctor.js')).doctorCommand,
  },
  {
    name: 'cache',
    summary:
      'Show where upgrade keeps the SDK versions it fetches and their size ' +
      '(--clean: remove every install but the one used last)',
    usage: '[--clean [--all]]',
    // The cache belongs to the machine, not to a project: --config and --catalog change nothing here.
    options: { ...COMMON_OPTIONS, clean: { type: 'boolean' }, all: { type: 'boolean' } },
    evaluatesCatalog: () => false,
    load: async () => (await import('./cache.js')).cacheCommand,
  },
  {
    name: 'inputs',
    summary:
      "List generate's input and output globs per catalog, and as a Turborepo task and an Nx target",
    usage: '',
    options: { ...COMMON_OPTIONS },
    load: async () => (await import('./inputs.js')).inputsCommand,
  },
];
