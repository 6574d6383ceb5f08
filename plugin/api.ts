// Programmatic API: the same `generate` core the CLI and the bundler plugins use.
export { generate, generateAndWrite, compileCatalog, compileFromConfig, validateCatalog } from './generate';
export type { GenerateOptions, GenerateResult, CatalogResult } from './generate';
export { createGenerateSession, type GenerateSession } from './generate-session';
export { writeOutputs, writeFileAtomic } from './write/write-outputs';
export { loadConfig, findConfigFile } from './load/load-config';
export type { ResolvedCatalogConfig } from './load/load-config';
export { formatDiagnostic, formatDiagnosticLine, CatalogError, DIAGNOSTIC_CODES } from './validate/diagnostics';
export type { CatalogDiagnostic } from './validate/diagnostics';
export type { CatalogModel, ToolModel } from './model/catalog-model';
export { runCli } from './cli/main';
