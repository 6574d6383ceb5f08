// Every emitted file, in the order they are rendered. Add an emitter here to emit a new file.
import type { Emitter } from '../emitter';
import { registryEmitter } from './registry';

export const EMITTERS: readonly Emitter[] = [registryEmitter];
