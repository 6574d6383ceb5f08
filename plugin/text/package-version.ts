// This package's own version and the Node versions it supports, from its package.json: above the
// source file in the repository, above the bundle or its chunk in the published package.
import { createRequire } from 'node:module';

/** agent-tool-catalog's package.json, wherever this module was bundled or not. */
function ownPackage(): { version?: string; engines?: { node?: string } } | undefined {
  const require = createRequire(import.meta.url);
  for (const candidate of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      const pkg = require(candidate) as {
        name?: string;
        version?: string;
        engines?: { node?: string };
      };
      if (pkg.name === 'agent-tool-catalog') return pkg;
    } catch {
      // Not this layout; try the next.
    }
  }
  return undefined;
}

/** The version in agent-tool-catalog's package.json; 'unknown' where none is found. */
export const packageVersion = (): string => ownPackage()?.version ?? 'unknown';

/** The Node versions agent-tool-catalog supports (`engines.node`, `>=20.19`). */
export const nodeRequirement = (): string | undefined => ownPackage()?.engines?.node;
