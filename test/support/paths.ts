// Where tests find the repository and where they may write: the one definition of the repository
// root every test and helper uses.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (no trailing separator). */
export const REPO = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The `tool-catalog` binary (runs the build in dist/). */
export const BIN = path.join(REPO, 'bin/tool-catalog.js');

/** Read-only inputs: tests copy a fixture before anything writes into it. */
export const FIXTURES = path.join(REPO, 'test/fixtures');

/** Small catalog projects (`valid`, one `broken-*` per error kind), copied per test by `copyCatalogFixture`. */
export const CATALOG_FIXTURES = path.join(FIXTURES, 'catalogs');

/**
 * Scratch space inside the repository, ignored by git: a project written here resolves
 * `agent-tool-catalog`, the SDK, react and zod from the repository's node_modules.
 */
export const ARTIFACTS = path.join(REPO, 'test/.artifacts');

/**
 * Where packaging tests install the packed package, one folder per test run: outside the repository,
 * so nothing there can resolve a package from the repository's node_modules by walking up.
 */
export const PACKAGING_ROOT = path.join(os.tmpdir(), 'agent-tool-catalog-packaging');

/** An absolute path inside the repository. */
export const repoPath = (...parts: string[]) => path.join(REPO, ...parts);

/** `file` relative to `from`, with `/` separators (as the CLI prints paths). */
export const relativePosix = (from: string, file: string) =>
  path.relative(from, file).split(path.sep).join('/');
