// The one line a command ends with when something fails that it did not turn into a message of its
// own: a file it could not read or write (named, with the reason), or an error of the tool itself.
import path from 'node:path';
import { fsErrorCode, fsErrorReason } from '../text/fs-error.js';
import { relativePosix } from '../text/spelling.js';
import { terminalLine } from '../text/terminal.js';

/** Set to print the stack trace of an unexpected error too (for a bug report). */
const DEBUG_VARIABLE = 'TOOL_CATALOG_DEBUG';

/** What a failed system call was doing, in words. */
const VERBS: Readonly<Record<string, string>> = {
  open: 'open',
  read: 'read',
  write: 'write',
  mkdir: 'create the folder',
  rename: 'replace',
  unlink: 'remove',
  rmdir: 'remove the folder',
  scandir: 'read the folder',
  stat: 'read',
  lstat: 'read',
  copyfile: 'copy to',
  symlink: 'link',
  realpath: 'find',
  chmod: 'change the mode of',
  utime: 'touch',
};

/** `tool-catalog report: cannot write out/x.md: it is a folder, not a file.`, or the error's own message. */
export function failureLine(command: string | undefined, error: unknown, cwd: string): string {
  const who = command ? `tool-catalog ${command}` : 'tool-catalog';
  const reason = fsErrorReason(error);
  const file = (error as { path?: unknown } | null)?.path;
  if (reason !== undefined && typeof file === 'string') {
    const syscall = String((error as { syscall?: unknown }).syscall ?? '');
    const shown =
      path.isAbsolute(file) && !relativePosix(cwd, file).startsWith('..')
        ? relativePosix(cwd, file)
        : file;
    return terminalLine(`${who}: cannot ${VERBS[syscall] ?? 'use'} ${shown}: ${reason}.`);
  }
  if (fsErrorCode(error) !== undefined && reason !== undefined)
    return terminalLine(`${who}: a file operation failed: ${reason}.`);
  const message = error instanceof Error ? error.message : String(error);
  const first =
    message.split('\n')[0]!.trim() || (error instanceof Error ? error.name : 'an unknown error');
  return terminalLine(
    `${who} stopped on an internal error: ${first}` +
      `${/[.!?]$/.test(first) ? '' : '.'} Please report it; ${DEBUG_VARIABLE}` +
      `=1 prints where it happened.`,
  );
}

/** The stack trace of `error`, when the environment asks for it; nothing otherwise. */
export function debugDetails(error: unknown): string {
  if (!process.env[DEBUG_VARIABLE]) return '';
  return `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`;
}
