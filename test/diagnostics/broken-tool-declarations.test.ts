// Every kind of broken tool declaration gives exactly one kind of answer (broken-input-check.ts): a
// coded diagnostic at the declaration, and nothing written.
import { afterAll, describe, it } from 'vitest';
import { checkBrokenInput } from './broken-input-check';
import { TOOL_DECLARATION_CASES } from './broken-tool-declarations.cases';
import { removeTempDirs } from '../support/files';

afterAll(removeTempDirs);

describe('broken and hostile input', () => {
  it.each(TOOL_DECLARATION_CASES)('$kind: $code, located, nothing written', checkBrokenInput);
});
