// The legacy tool names the installed Claude Code runtime still accepts (`Task` → `Agent`), read from
// its binary: the table the runtime itself uses, so tests migrate against what users' runtimes do.
import { readFileSync } from 'node:fs';
import { findClaudeBinary, resolveSdk } from '../../plugin/verify/claude-runtime';
import { REPO } from './paths';

let table: Readonly<Record<string, string>> | undefined;

/** `{ Task: 'Agent', KillShell: 'TaskStop', … }` as the runtime's own object literal holds it. */
export function runtimeLegacyAliases(): Readonly<Record<string, string>> {
  if (table) return table;
  const sdk = resolveSdk(REPO);
  if (!sdk) throw new Error('the Claude Agent SDK is not installed (npm ci installs it)');
  const text = readFileSync(findClaudeBinary(sdk), 'latin1');
  const literal = /\{Task:"Agent",(?:[A-Za-z]+:"[A-Za-z]+",?)+\}/.exec(text)?.[0];
  if (!literal) throw new Error("the runtime's legacy tool-name table was not found in its binary");
  table = Object.fromEntries([...literal.matchAll(/([A-Za-z]+):"([A-Za-z]+)"/g)].map((m) => [m[1]!, m[2]!]));
  return table;
}
