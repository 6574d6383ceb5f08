// Every CLI command. Add a command here to make it available as `tool-catalog <name>`.
import type { Command } from '../command.js';
import { bindingsCommand } from './bindings.js';
import { driftCommand } from './drift.js';
import { explainCommand } from './explain.js';
import { generateCommand } from './generate.js';
import { initCommand } from './init.js';
import { inputsCommand } from './inputs.js';
import { reportCommand } from './report.js';
import { resolveCommand } from './resolve.js';
import { staleRefsCommand } from './stale-refs.js';
import { upgradeCommand } from './upgrade.js';
import { verifyCommand } from './verify.js';

export const COMMANDS: readonly Command[] = [
  generateCommand,
  driftCommand,
  initCommand,
  resolveCommand,
  explainCommand,
  reportCommand,
  bindingsCommand,
  staleRefsCommand,
  verifyCommand,
  upgradeCommand,
  inputsCommand,
];
