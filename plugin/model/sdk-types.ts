// Which SDK type an SDK tool has: the one map from SDK type base names (`FileRead` of
// `FileReadInput`) to tool names (`Read`) — built-in facts, then the config's `sdk.aliases`, then a
// tool's own `sdkType`. The model applies it once; every output and `drift` read the result.

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

/**
 * The SDK type base of the tool named `name` when it declares none: a config alias whose value is
 * the name wins over a built-in one; otherwise the name itself.
 */
export function defaultSdkType(name: string, configAliases: SdkAliasMap = {}): string {
  const aliasedTo = (map: SdkAliasMap) =>
    Object.keys(map).find((base) => base !== name && map[base] === name);
  const fromConfig = aliasedTo(configAliases);
  if (fromConfig !== undefined) return fromConfig;
  // A built-in alias the config overrides (maps the same base to another tool) no longer applies.
  const builtIn = Object.keys(BUILT_IN_SDK_ALIASES).find(
    (base) =>
      base !== name &&
      BUILT_IN_SDK_ALIASES[base] === name &&
      (configAliases[base] ?? name) === name,
  );
  return builtIn ?? name;
}

/** The SDK type base of an SDK-typed tool: its declared `sdkType`, else the alias map's answer. */
export const sdkTypeOf = (
  name: string,
  declared: string | undefined,
  configAliases: SdkAliasMap = {},
) => declared ?? defaultSdkType(name, configAliases);
