// This package's own version, from its package.json: above the source file in the repository, above
// the bundle or its chunk in the published package.
import { createRequire } from 'node:module';

/** The version in agent-tool-catalog's package.json; 'unknown' where none is found. */
export function packageVersion(): string {
  const require = createRequire(import.meta.url);
  for (const candidate of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      const pkg = require(candidate) as { name?: string; version?: string };
      if (pkg.name === 'agent-tool-catalog' && pkg.version) return pkg.version;
    } catch {
      // Not this layout; try the next.
    }
  }
  return 'unknown';
}
