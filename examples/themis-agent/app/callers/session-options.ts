// What every caller hands the Claude Agent SDK: the in-process `themis` MCP server built from the
// catalog, allowedTools from the same context, and the generated PreToolUse guard.
import { createSdkMcpServer, type Options, type PermissionMode } from '@anthropic-ai/claude-agent-sdk';
import {
  buildThemisTools,
  createThemisToolGuard,
  themisToolNames,
  type BuildThemisToolsOptions,
  type ThemisBuiltTool,
  type ThemisToolContext,
  type ThemisToolGroup,
} from '../../generated/themis';
import type { ChannelRegistry } from '../channel-registry';

export interface SessionSettings {
  readonly channels: ChannelRegistry;
  /** True when no one can answer a permission prompt (jobs, webhooks). */
  readonly headless?: boolean;
  readonly permissionMode?: PermissionMode;
  /** A live snapshot of tools switched off in the space's settings, read by the guard on every call. */
  readonly disabledTools?: () => readonly string[];
  readonly schema?: BuildThemisToolsOptions['schema'];
}

type ThemisSessionOptions = Required<Pick<Options, 'mcpServers' | 'allowedTools' | 'hooks'>> &
  Pick<Options, 'permissionMode'>;

export interface ThemisSession {
  /** The SDK tool instances, as built for this invocation. */
  readonly tools: readonly ThemisBuiltTool[];
  readonly options: ThemisSessionOptions;
}

/** Asks the catalog twice — builders and names — with one shared context (each predicate runs once). */
export function themisSession(
  context: ThemisToolContext,
  include: readonly ThemisToolGroup[],
  settings: SessionSettings,
): ThemisSession {
  const tools = buildThemisTools(context, { include, schema: settings.schema });
  const allowedTools = themisToolNames(context, { include, channels: settings.channels });
  // The guard proves a call allowed from the catalog's rules in this same context; without it every
  // condition would count as false and the tools it gates would be denied.
  const guard = createThemisToolGuard({
    context,
    allowedTools,
    disallowed: settings.disabledTools,
    headless: settings.headless ?? false,
    permissionMode: settings.permissionMode,
  });
  return {
    tools,
    options: {
      mcpServers: { themis: createSdkMcpServer({ name: 'themis', tools: [...tools] }) },
      allowedTools,
      hooks: { PreToolUse: [guard] },
      ...(settings.permissionMode ? { permissionMode: settings.permissionMode } : {}),
    },
  };
}
