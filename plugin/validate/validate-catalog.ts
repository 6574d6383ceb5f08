// Every problem in a loaded catalog, in one run: what loading found, then the vocabulary, then
// each tool against the vocabulary and the others.
import { statSync } from 'node:fs';
import type { PendingDiagnostic } from '../diagnostics/diagnostics.js';
import type { RawCatalog } from '../load/load-catalog.js';
import { validateTools } from './validate-tools.js';
import { validateVocabulary, vocabularyNames } from './validate-vocabulary.js';

export function validateCatalog(raw: RawCatalog): PendingDiagnostic[] {
  const diagnostics: PendingDiagnostic[] = [...raw.diagnostics];
  if (raw.vocabulary && raw.definitionFile) diagnostics.push(...validateVocabulary(raw.vocabulary, raw.definitionFile));
  // File times are read only when a tool is declared twice, to name the newer declaration.
  const editedAt = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (raw.vocabulary) diagnostics.push(...validateTools(raw.tools, vocabularyNames(raw.vocabulary), editedAt));
  return diagnostics;
}
