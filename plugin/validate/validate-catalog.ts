// Every problem in a loaded catalog, in one run: what loading found, then the vocabulary, then each
// tool against the vocabulary and the others, earlier names, then the config's MCP servers against the vocabulary.
import { statSync } from 'node:fs';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../diagnostics/diagnostics.js';
import { didYouMean } from '../diagnostics/field-schema.js';
import type { RawCatalog } from '../load/load-catalog.js';
import { validateAgents } from './validate-agents.js';
import { validateServerRenames, validateToolRenames } from './validate-renames.js';
import { validateTools } from './validate-tools.js';
import {
  validateVocabulary,
  vocabularyNames,
  type VocabularyNames,
} from './validate-vocabulary.js';

/**
 * Each server the config says how to reach must be one the catalog declares, or `drift --mcp` would
 * check nothing against it.
 */
function unknownMcpServers(raw: RawCatalog, names: VocabularyNames): PendingDiagnostic[] {
  const known = [...names.servers, ...names.channels];
  return Object.keys(raw.config.mcp)
    .filter((name) => !known.includes(name))
    .map((name) => ({
      code: DIAGNOSTIC_CODES.unknownServer,
      severity: 'error' as const,
      message:
        `The config says how to reach MCP server '${name}', but catalog '` +
        `${raw.config.name}' declares no server or channel of that name; use one ` +
        `of: ${known.join(', ') || '(none declared)'}.${didYouMean(name, known)}`,
      at: {
        file: raw.config.configFile,
        path: ['catalogs', raw.config.name, 'mcp', name],
        atKey: true,
        scope: 'config' as const,
      },
    }));
}

export function validateCatalog(raw: RawCatalog): PendingDiagnostic[] {
  const diagnostics: PendingDiagnostic[] = [...raw.diagnostics];
  if (raw.vocabulary && raw.definitionFile) {
    diagnostics.push(...validateVocabulary(raw.vocabulary, raw.definitionFile));
    diagnostics.push(...validateServerRenames(raw.vocabulary, raw.definitionFile));
  }
  // File times are read only when a tool is declared twice, to name the newer declaration.
  const editedAt = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (raw.vocabulary)
    diagnostics.push(...validateTools(raw.tools, vocabularyNames(raw.vocabulary), editedAt));
  diagnostics.push(...validateToolRenames(raw.tools));
  if (raw.vocabulary) diagnostics.push(...unknownMcpServers(raw, vocabularyNames(raw.vocabulary)));
  if (raw.vocabulary && raw.definitionFile)
    diagnostics.push(...validateAgents(raw.vocabulary, raw.definitionFile, raw.tools));
  return diagnostics;
}
