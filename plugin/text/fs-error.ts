// What a failed file operation means, in words for a message that names the file: `it is a folder`,
// `permission denied`. Commands print these instead of Node's error and its stack.

const REASONS: Readonly<Record<string, string>> = {
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of its path is a file, not a folder',
  ENOENT: 'its folder does not exist and cannot be created there',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space is left on the device',
  EDQUOT: 'the disk quota is used up',
  EEXIST: 'something else already exists at that path',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'its path has a symbolic link loop',
  EBUSY: 'it is busy (in use by another process)',
  EMFILE: 'too many files are open',
  EINVAL: 'the path is not valid here',
  EXDEV: 'it is on another device than its temporary file',
};

/** The Node error code of a failed file operation (`EISDIR`), or undefined for any other error. */
export function fsErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : undefined;
}

/** `it is a folder, not a file` for a failed file operation; undefined when `error` is not one. */
export function fsErrorReason(error: unknown): string | undefined {
  const code = fsErrorCode(error);
  if (code === undefined) return undefined;
  return (
    REASONS[code] ??
    `${code}: ${
      String((error as Error).message)
        .replace(/^[A-Z]+: /, '')
        .split(',')[0]
    }`
  );
}
