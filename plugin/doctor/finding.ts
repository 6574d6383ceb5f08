// One thing `doctor` found: what it checked, whether it is wrong, and the one command (or edit) that
// fixes it. Every check returns these; the command prints them in order.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type FindingStatus = 'ok' | 'problem' | 'note';

export interface Finding {
  /** `node`, `typescript`, `module-resolution`, `sdk`, `surface-lock`, `generated`, … */
  readonly check: string;
  readonly status: FindingStatus;
  readonly message: string;
  /** The command (or the one edit) that fixes a problem. */
  readonly fix?: string;
}

export const ok = (check: string, message: string): Finding => ({
  check,
  status: 'ok',
  message,
});

export const note = (check: string, message: string, fix?: string): Finding => ({
  check,
  status: 'note',
  message,
  ...(fix ? { fix } : {}),
});

export const problem = (check: string, message: string, fix: string): Finding => ({
  check,
  status: 'problem',
  message,
  fix,
});

/** A package as the app resolves it (node_modules upwards): its package.json, parsed, and where it is. */
export function installedPackage(
  dir: string,
  name: string,
): { file: string; name?: string; version?: string } | undefined {
  for (let folder = path.resolve(dir); ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'node_modules', name, 'package.json');
    if (existsSync(file)) {
      try {
        return { file, ...(JSON.parse(readFileSync(file, 'utf8')) as object) };
      } catch {
        return { file };
      }
    }
    if (path.dirname(folder) === folder) return undefined;
  }
}
