// agent-tool-catalog/runtime: what generated code and apps call at run time. It has no
// build-time dependencies (no esbuild, no TypeScript, no Handlebars).
export { createToolContext, isToolContext, readCondition } from './context';
export type { ConditionSource, Predicate, ToolContext, ToolContextInit } from './context';
