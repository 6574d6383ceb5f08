// Every problem in a loaded catalog, in one run: what loading found, then the vocabulary, then each
// tool against the vocabulary and the others, earlier names, then the config's MCP servers against the vocabulary.
import { statSync } from 'node:fs';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../diagnostics/diagnostics.js';
import { didYouMean } from '../diagnostics/field-schema.js';
import type { RawCatalog, RawToolEntry } from '../load/load-catalog.js';
import { keepLast, lastKept, memoSlot } from '../session-memory.js';
import { sameFacts } from './tool-facts.js';
import { validateAgents } from './validate-agents.js';
import { validateServerRenames, validateToolRenames } from './validate-renames.js';
import { checkAcrossTools, checkEachTool } from './validate-tools.js';
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

/** The last checks across tools of a catalog (by config file and name), and what they read. */
const ACROSS = memoSlot<
  string,
  { tools: readonly RawToolEntry[]; names: VocabularyNames; found: PendingDiagnostic[] }
>('checks across the tools of a catalog');

/**
 * The problems between tools and between former names. In a watch session, last run's while the
 * tools, their places and what these checks read of each are the same (and no tool is declared
 * twice: which of two is newer comes from file times, not from the declarations).
 */
function acrossTools(raw: RawCatalog, names: VocabularyNames): PendingDiagnostic[] {
  const catalog = `${raw.config.configFile}\0${raw.config.name}`;
  const last = lastKept(ACROSS, catalog);
  if (
    last?.names === names &&
    sameFacts(last.tools, raw.tools) &&
    !last.found.some((d) => d.code === DIAGNOSTIC_CODES.duplicateKey)
  ) {
    keepLast(ACROSS, catalog, { ...last, tools: raw.tools });
    return last.found;
  }
  // File times are read only when a tool is declared twice, to name the newer declaration.
  const editedAt = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const found = [
    ...checkAcrossTools(raw.tools, names, editedAt),
    ...validateToolRenames(raw.tools),
  ];
  keepLast(ACROSS, catalog, { tools: raw.tools, names, found });
  return found;
}

export function validateCatalog(raw: RawCatalog): PendingDiagnostic[] {
  const diagnostics: PendingDiagnostic[] = [...raw.diagnostics];
  if (raw.vocabulary && raw.definitionFile) {
    diagnostics.push(...validateVocabulary(raw.vocabulary, raw.definitionFile));
    diagnostics.push(...validateServerRenames(raw.vocabulary, raw.definitionFile));
  }
  if (raw.vocabulary) {
    const names = vocabularyNames(raw.vocabulary);
    diagnostics.push(...checkEachTool(raw.tools, names));
    diagnostics.push(...acrossTools(raw, names));
  } else diagnostics.push(...validateToolRenames(raw.tools));
  if (raw.vocabulary) diagnostics.push(...unknownMcpServers(raw, vocabularyNames(raw.vocabulary)));
  if (raw.vocabulary && raw.definitionFile)
    diagnostics.push(...validateAgents(raw.vocabulary, raw.definitionFile, raw.tools));
  return diagnostics;
}
