// A runtime configuration as the runtime is started with it: its environment flags, and tool search
// turned on or off through `ENABLE_TOOL_SEARCH` when the configuration says so.
import type { RuntimeConfigurationModel } from '../model/catalog-model.js';

export function configurationEnv(c: RuntimeConfigurationModel): Record<string, string> {
  return {
    ...c.env,
    ...(c.toolSearch !== undefined ? { ENABLE_TOOL_SEARCH: c.toolSearch ? 'true' : 'false' } : {}),
  };
}
