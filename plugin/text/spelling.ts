// How paths and names are spelled in output and messages, in one place: POSIX separators on every
// OS (so output is byte-identical everywhere), and the case conversions of symbol prefixes.
import path from 'node:path';

/** `a\\b` → `a/b` on Windows; unchanged elsewhere. */
export const toPosix = (p: string) => p.split(path.sep).join('/');

/** `to` relative to `from`, with POSIX separators. */
export const relativePosix = (from: string, to: string) => toPosix(path.relative(from, to));

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** `ClaudeCode` → `claudeCode`: the prefix of generated function and variable names. */
export const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** `claude-code` → `ClaudeCode` */
export const pascalCase = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capitalise)
    .join('');

/** `ClaudeCode` → `CLAUDE_CODE` */
export const constantCase = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
