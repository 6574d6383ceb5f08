// What stops the writer, as diagnostics that name the file in the way: a file the tool does not own,
// a symbolic link that leads out of an output folder, a file system error.
import { readlinkSync, statSync } from 'node:fs';
import path from 'node:path';
import { DIAGNOSTIC_CODES, type PendingDiagnostic } from '../diagnostics/diagnostics.js';

/** A problem that stops the writer; one caused by something in an output's way names both. */
export interface WriteProblem extends PendingDiagnostic {
  /** The file, folder or link in the way: not the tool's, or leading out of the output folder. */
  readonly inTheWay?: string;
  /** The output that could not be written because of it. */
  readonly output?: string;
}

/** `file` as a message names it: relative to the project folder when it lies in it. */
function shown(root: string, file: string): string {
  const relative = path.relative(root, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative)
    ? file
    : relative.split(path.sep).join('/');
}

/** The nearest folder above `file` that is in fact a file (which a write into it fails on), if any. */
function fileInPlaceOfFolder(file: string): string | undefined {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(dir);
    } catch {
      continue; // missing, or below the file being looked for
    }
    return stat.isDirectory() ? undefined : dir;
  }
  return undefined;
}

/** Why a file system error stops a write, in words. */
function reasonOf(code: string | undefined, error: unknown): string {
  if (code === 'EACCES' || code === 'EPERM')
    return 'permission denied; make the folder and file writable';
  if (code === 'ENOTDIR' || code === 'EEXIST')
    return 'a file stands where a folder must be; move it, or point the output folder elsewhere';
  if (code === 'EISDIR') return 'a folder stands where the file must be; move it';
  if (code === 'ELOOP') return 'its path has a symbolic link loop; remove the link';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EROFS') return 'the file system is read-only';
  return `${(error as Error).message}`;
}

/** What a file system error means for the user, with the file it happened on (or the file in the way). */
export function writeProblem(file: string, error: unknown, root: string): WriteProblem {
  const code = (error as NodeJS.ErrnoException).code;
  const blocker = code === 'ENOTDIR' || code === 'EEXIST' ? fileInPlaceOfFolder(file) : undefined;
  if (blocker !== undefined)
    return {
      code: DIAGNOSTIC_CODES.writeFailed,
      severity: 'error',
      message:
        `${shown(root, blocker)} is a file, but the generated files need a ` +
        `folder there; move that file, or point the output folder elsewhere. ` +
        `Nothing was changed.`,
      at: { file: blocker, line: 1, column: 1 },
      inTheWay: blocker,
      output: file,
    };
  return {
    code: DIAGNOSTIC_CODES.writeFailed,
    severity: 'error',
    message: `Cannot write ${path.basename(file)}: ${reasonOf(code, error)}. Nothing was changed.`,
    at: { file, line: 1, column: 1 },
  };
}

/** A file where an output goes that the tool did not write. */
export const notOwnedProblem = (file: string, root: string): WriteProblem => ({
  code: DIAGNOSTIC_CODES.notOwned,
  severity: 'error',
  message:
    `${shown(root, file)} exists and was not written by agent-tool-catalog, so ` +
    `it is not replaced; move it away, or point the catalog's output folder ` +
    `elsewhere. Nothing was changed.`,
  at: { file, line: 1, column: 1 },
  inTheWay: file,
  output: file,
});

/** A symbolic link where an output goes: replacing it would not write the file the link names. */
export const linkInPlaceProblem = (file: string, root: string): WriteProblem => ({
  code: DIAGNOSTIC_CODES.notOwned,
  severity: 'error',
  message:
    `${shown(root, file)} is a symbolic link; a generated file is never one, ` +
    `so it is not replaced; remove the link. Nothing was changed.`,
  at: { file, line: 1, column: 1 },
  inTheWay: file,
  output: file,
});

/** Where a symbolic link points, as written in it. */
function targetOf(link: string): string {
  try {
    return readlinkSync(link);
  } catch {
    return '?';
  }
}

/**
 * An output (or an output folder) whose real place lies outside the folder it must be in (the
 * project, for a folder), because of `link`.
 */
export function leadsOutProblem(
  file: string,
  folder: string,
  link: string | undefined,
  root: string,
): WriteProblem {
  const outsideOf = folder === root ? 'the project' : shown(root, folder);
  const how =
    link === undefined
      ? `lies outside ${outsideOf} once symbolic links are followed`
      : `${link === file ? 'is a symbolic link' : `is reached through the symbolic link ${shown(root, link)}`} ` +
        `to ${targetOf(link)}, outside ${outsideOf}`;
  const rule =
    folder === root
      ? 'an output folder must lie in the project, so remove the link or point the setting elsewhere'
      : 'generated files are written only into the output folder itself, so remove the link';
  return {
    code: DIAGNOSTIC_CODES.writeFailed,
    severity: 'error',
    message: `${shown(root, file)} ${how}; ${rule}. Nothing was changed.`,
    at: { file: link ?? file, line: 1, column: 1 },
    inTheWay: link ?? file,
    output: file,
  };
}
