// Every CLI command. Add a command here to make it available as `tool-catalog <name>`.
import type { Command } from '../command';
import { bindingsCommand } from './bindings';
import { driftCommand } from './drift';
import { explainCommand } from './explain';
import { generateCommand } from './generate';
import { initCommand } from './init';
import { reportCommand } from './report';
import { resolveCommand } from './resolve';
import { staleRefsCommand } from './stale-refs';

export const COMMANDS: readonly Command[] = [generateCommand, driftCommand, initCommand, resolveCommand, explainCommand, reportCommand, bindingsCommand, staleRefsCommand];
