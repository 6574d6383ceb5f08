// What the listing-failure tests share: limits no server misses by being slow to start, and the
// error a listing ends in.
import type { ResolvedMcpServer } from '../../plugin/load/mcp-config';
import { McpListError } from '../../plugin/mcp/list-failure';
import { listServerTools } from '../../plugin/mcp/list-tools';

/**
 * Limits no server misses by being slow to start: on a loaded machine starting node alone can take
 * seconds, and a phase a test expects to reach must not depend on that. A test about a deadline sets
 * that one short (`SHORT`), for a server that never answers, so it ends the same way at any speed.
 */
export const LIMITS = { clientCapabilities: {}, connectTimeoutMs: 120_000, listTimeoutMs: 120_000 };
export const SHORT = 400;

/** The McpListError listing `config` ends in (fails the test if it lists). */
export async function failure(config: ResolvedMcpServer): Promise<McpListError> {
  const error = await listServerTools(config).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof McpListError))
    throw new Error(`expected an McpListError, got ${String(error)}`);
  return error;
}
