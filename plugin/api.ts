// Programmatic API (`agent-tool-catalog/api`): the same front door and `generate` core the CLI and
// the bundler plugins use, so a script gets the very files and diagnostics `tool-catalog generate` would.
export {
  loadProject,
  type Project,
  type ProjectCatalog,
  type ProjectOptions,
} from './project/load-project.js';
export {
  generate,
  generateAndWrite,
  type CatalogOutput,
  type GenerateAndWriteOptions,
  type GenerateAndWriteResult,
  type GenerateOptions,
  type GenerateResult,
} from './generate.js';
export type { RenderedFile } from './render/renderer.js';
export { createGenerateSession, type GenerateSession } from './generate-session.js';
export {
  writeOutputs,
  writeFileAtomic,
  type OutputSet,
  type WriteReport,
} from './write/write-outputs.js';
export { loadConfig, findConfigFile, type ResolvedCatalogConfig } from './load/load-config.js';
export {
  formatDiagnostic,
  formatDiagnosticLine,
  DIAGNOSTIC_CODES,
  type CatalogDiagnostic,
  type DiagnosticCode,
  type SourcePosition,
} from './diagnostics/diagnostics.js';
export type { CatalogModel, ToolModel } from './model/catalog-model.js';
export { runCli } from './cli/main.js';
