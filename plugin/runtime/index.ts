// agent-tool-catalog/runtime: what generated code and apps call at run time. It has no
// build-time dependencies (no esbuild, no TypeScript, no Handlebars).
export { createToolContext, isToolContext, readCondition } from './context.js';
export type { ConditionSource, Predicate, ToolContext, ToolContextInit } from './context.js';
export type { SchemaExtension, ToolBuildOptions, ToolFactory } from './context.js';
export { createToolCatalog } from './tools.js';
export { BuiltNameMismatchError, DuplicateToolError } from './errors.js';
export type { BuiltNameMismatch } from './errors.js';
export { builtNameMismatch, observeBuiltNames } from './built-names.js';
export type { BuiltNamesEntry } from './built-names.js';
export type {
  BuildToolsOptions,
  BuiltServers,
  ToolCatalogRuntime,
  ToolNamesOptions,
  ToolSelection,
} from './tools.js';
export type {
  ToolAvailabilityCheck,
  ToolBinding,
  ToolBuilder,
  ToolCatalogOptions,
  ToolEntry,
  ToolNameResolver,
} from './tool-entries.js';
export { mcpToolName, qualifyName, mirroredNames, namespaceOf } from './names.js';
export type { ChannelRegistry } from './names.js';
export { createPreToolUseGuard, deny, MODES_WITHOUT_RESPONDER } from './hooks.js';
export type {
  GuardCallback,
  GuardDecision,
  GuardHookInput,
  GuardMatcher,
  OfferAnswer,
  PreToolUseDenial,
  PreToolUseGuardOptions,
} from './hooks.js';
export {
  conditionHolds,
  markDisallowedTools,
  policySignature,
  resolveDisallowedTools,
  resolveToolPolicy,
} from './policy.js';
export type {
  AgentToolSettings,
  MissingConditionPolicy,
  PolicyContext,
  PolicyMarks,
  ResolvedToolPolicy,
  ResolveOptions,
} from './policy.js';
export { explainTool } from './policy-explain.js';
export type { PolicyRuleFinding, ToolExplanation } from './policy-explain.js';
export { gatingCondition, preparePolicy } from './policy-tables.js';
export type {
  PolicyCondition,
  PolicyTables,
  PolicyToolEntry,
  PolicyToolExposure,
  PolicyToolKind,
  PreparedPolicy,
} from './policy-tables.js';
export { sessionOptions } from './session.js';
export type {
  NamedTool,
  SdkFeatures,
  SessionCatalog,
  SessionInput,
  SessionOptions,
} from './session.js';
export type { SessionAgentDefinition } from './session-agents.js';
export { computeOffer, handedOver } from './offer.js';
export type {
  AbsentBy,
  OfferInput,
  OfferSelection,
  OfferState,
  SessionOffer,
  ToolOffer,
} from './offer.js';
export type { AgentOffer } from './agent-offer.js';
export type { RuntimeSurface } from './runtime-surface.js';
export { coveredBy, serverPattern } from './opt-outs.js';
export { normaliseOptOuts } from './read-opt-outs.js';
export type { NormalisedOptOuts } from './read-opt-outs.js';
export { migrateOptOuts } from './opt-out-migration.js';
export type { OptOutMigration } from './opt-out-migration.js';
export { OptOutListError } from './errors.js';
export type {
  IgnoredOptOut,
  OptOutChange,
  OptOutEffect,
  OptOutOptions,
} from './opt-outs.js';
export { currentNameOf, runtimeNameOf } from './identity.js';
export { appTool, isAppTool, textToolResult } from './app-tool.js';
export type {
  AppTool,
  AppToolCall,
  AppToolDefinition,
  AppToolInput,
  ObjectInputSchema,
  TextToolResult,
} from './app-tool.js';
export type { CurrentName, NameChange } from './identity.js';
