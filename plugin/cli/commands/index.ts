// Every CLI command. Add a command here to make it available as `tool-catalog <name>`.
import type { Command } from '../command';
import { generateCommand } from './generate';

export const COMMANDS: readonly Command[] = [generateCommand];
