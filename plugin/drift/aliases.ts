// The one map from SDK type base names (`FileRead` of `FileReadInput`) to tool names (`Read`):
// built-in facts, overridden by the config's `sdk.aliases`, overridden per tool by `sdkType`.
import type { ToolModel } from '../model/catalog-model';

/**
 * Facts from the SDK's own files: the type `FileReadInput` is the tool `Read`, and the MCP resource
 * tools run under names ending in `Tool` (later SDKs list the same pairs in LEGACY_TOOL_NAME_ALIASES).
 */
export const BUILT_IN_SDK_ALIASES: Readonly<Record<string, string>> = {
  FileEdit: 'Edit',
  FileRead: 'Read',
  FileWrite: 'Write',
  ListMcpResources: 'ListMcpResourcesTool',
  ReadMcpResource: 'ReadMcpResourceTool',
  ReadMcpResourceDir: 'ReadMcpResourceDirTool',
};

/** Union members that are not tools: `McpInput`/`McpOutput` type every MCP tool call. */
export const NON_TOOL_SDK_TYPES: ReadonlySet<string> = new Set(['Mcp']);

export type SdkAliasMap = Readonly<Record<string, string>>;

/** The alias map a catalog uses: the built-in facts with the config's `sdk.aliases` on top. */
export function effectiveAliases(configAliases: SdkAliasMap = {}): SdkAliasMap {
  return { ...BUILT_IN_SDK_ALIASES, ...configAliases };
}

/** The bare runtime name of an SDK tool (its key unless it declares `name`). */
export const sdkToolName = (tool: ToolModel): string => (tool.names.length === 1 ? tool.names[0]! : tool.key);

/** Tools the SDK types: `kind: 'sdk'` and not `sdkTyped: false` (teams tools and MCP tools are exempt). */
export const sdkTypedTools = (tools: readonly ToolModel[]): ToolModel[] => tools.filter((t) => t.kind === 'sdk' && t.sdkTyped);

/**
 * The SDK type base a tool must have (`FileRead` for `Read`). A declared `sdkType` wins; then a
 * config alias whose value is the tool's name; then a built-in one; otherwise the name itself.
 * The model defaults `sdkType` to the name, so only a differing `sdkType` counts as declared.
 */
export function expectedSdkType(tool: ToolModel, configAliases: SdkAliasMap = {}): string {
  const name = sdkToolName(tool);
  if (tool.sdkType !== undefined && tool.sdkType !== name) return tool.sdkType;
  return defaultSdkType(name, configAliases);
}

/** The SDK type base a tool named `name` has when it declares no `sdkType`. */
export function defaultSdkType(name: string, configAliases: SdkAliasMap = {}): string {
  const aliases = effectiveAliases(configAliases);
  const aliasedTo = (map: SdkAliasMap) => Object.keys(map).find((base) => base !== name && aliases[base] === name && map[base] === name);
  return aliasedTo(configAliases) ?? aliasedTo(BUILT_IN_SDK_ALIASES) ?? name;
}
