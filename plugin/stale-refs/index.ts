// `stale-refs` as a library: the catalog's current model plus every earlier version of its
// registry, searched for references to runtime names that are gone.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseLock, LockError } from '../mcp/lock-file.js';
import { mcpName } from '../language/naming.js';
import { MCP_LOCK_NAME } from '../write/manifest.js';

export { findStaleReferences, IGNORE_MARKER } from './find-stale-refs.js';
export type { StaleReference, UnverifiedReference } from './find-stale-refs.js';
export { registryHistory, namesInRegistry, SinceError } from './previous-names.js';
export type { LastSeen } from './previous-names.js';

/**
 * The runtime names of every tool the catalog's MCP lock records (`mcp__<server>__<tool>`): what the
 * servers listed when last reviewed, names resolved at run time included. A lock that is missing
 * or unreadable adds nothing (`drift --mcp` reports it).
 */
export function lockedRuntimeNames(outDir: string): Set<string> {
  const file = path.join(outDir, MCP_LOCK_NAME);
  if (!existsSync(file)) return new Set();
  try {
    const lock = parseLock(readFileSync(file, 'utf8'), file);
    return new Set(
      Object.entries(lock.servers).flatMap(([server, entry]) =>
        Object.keys(entry.tools).map((tool) => mcpName(server, tool)),
      ),
    );
  } catch (error) {
    if (error instanceof LockError) return new Set();
    throw error;
  }
}
