// agent-tool-catalog/runtime: what generated code and apps call at run time. It has no
// build-time dependencies (no esbuild, no TypeScript, no Handlebars).
export const RUNTIME_VERSION = 1;
