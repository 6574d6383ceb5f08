// Every emitted file, in the order they are rendered. Add an emitter here to emit a new file.
import type { Emitter } from '../emitter';
import { bindingsEmitter } from './bindings';
import { i18nEmitter } from './i18n';
import { i18nKeysEmitter } from './i18n-keys';
import { policyEmitter } from './policy';
import { policySnapshotEmitter } from './policy-snapshot';
import { registryEmitter } from './registry';
import { sdkCoverageEmitter } from './sdk-coverage';
import { toolsEmitter } from './tools';

export const EMITTERS: readonly Emitter[] = [registryEmitter, toolsEmitter, bindingsEmitter, i18nEmitter, i18nKeysEmitter, policyEmitter, policySnapshotEmitter, sdkCoverageEmitter];
