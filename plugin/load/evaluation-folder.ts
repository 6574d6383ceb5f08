// Where evaluations kept on disk live for a project: `node_modules/.cache/agent-tool-catalog/` in the
// nearest folder with a node_modules. The store writes there; the CLI looks there before it starts
// an evaluation process ahead.
import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder of kept evaluations for a project at `rootDir`; undefined without a node_modules or
 * with TOOL_CATALOG_CACHE=0.
 */
export function keptEvaluationsFolder(rootDir: string): string | undefined {
  if (process.env.TOOL_CATALOG_CACHE === '0') return undefined;
  for (let dir = rootDir; ; dir = path.dirname(dir)) {
    if (statSync(path.join(dir, 'node_modules'), { throwIfNoEntry: false })?.isDirectory())
      return path.join(dir, 'node_modules', '.cache', 'agent-tool-catalog');
    if (path.dirname(dir) === dir) return undefined;
  }
}
