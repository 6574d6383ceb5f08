// agent-tool-catalog/runtime: what generated code and apps call at run time. It has no
// build-time dependencies (no esbuild, no TypeScript, no Handlebars).
export { createToolContext, isToolContext, readCondition } from './context';
export type { ConditionSource, Predicate, ToolContext, ToolContextInit } from './context';
export type { SchemaExtension, ToolBuildOptions, ToolFactory } from './context';
export { createToolCatalog, DuplicateToolError } from './tools';
export type { BuildToolsOptions, EntryAvailability, ToolBuilder, ToolCatalogRuntime, ToolEntry, ToolNamesOptions, ToolSelection } from './tools';
export { mcpToolName, qualifyName, mirroredNames, namespaceOf } from './names';
export type { ChannelRegistry } from './names';
export { createPreToolUseGuard, deny, MODES_WITHOUT_RESPONDER } from './hooks';
export type { GuardCallback, GuardDecision, GuardHookInput, GuardMatcher, PreToolUseDenial, PreToolUseGuardOptions } from './hooks';
export { conditionHolds, markDisallowedTools, policySignature, resolveDisallowedTools, resolveToolPolicy } from './policy';
export type { AgentToolSettings, MissingConditionPolicy, PolicyContext, PolicyMarks, ResolvedToolPolicy, ResolveOptions } from './policy';
export { explainTool } from './policy-explain';
export type { PolicyRuleFinding, ToolExplanation } from './policy-explain';
export { preparePolicy } from './policy-tables';
export type { PolicyCondition, PolicyTables, PolicyToolEntry, PolicyToolExposure, PolicyToolKind, PreparedPolicy } from './policy-tables';
