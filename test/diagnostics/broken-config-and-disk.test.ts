// Every kind of broken or hostile input gives exactly one kind of answer (broken-input-check.ts):
// here the config, the command line and what is on disk. The count of kinds is checked here, over
// every table, catalog modules and tool declarations included.
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOG_MODULE_CASES } from './broken-catalog-modules.cases';
import { CONFIG_AND_DISK_CASES } from './broken-config-and-disk.cases';
import { checkBrokenInput } from './broken-input-check';
import { TOOL_DECLARATION_CASES } from './broken-tool-declarations.cases';
import { removeTempDirs } from '../support/files';

afterAll(removeTempDirs);

const ALL_CASES = [...CONFIG_AND_DISK_CASES, ...CATALOG_MODULE_CASES, ...TOOL_DECLARATION_CASES];

describe('broken and hostile input', () => {
  it(`covers at least 60 kinds (${ALL_CASES.length})`, () => {
    expect(ALL_CASES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(ALL_CASES.map((c) => c.kind)).size).toBe(ALL_CASES.length);
  });

  it.each(CONFIG_AND_DISK_CASES)('$kind: $code, located, nothing written', checkBrokenInput);
});
