/**
 * Reading a user's file for the command-line tools without ever hanging or reading without end:
 * the file is opened non-blocking (a named pipe opens at once instead of waiting for a writer),
 * refused unless it is a regular file (a folder, a pipe, a device such as /dev/zero, a socket),
 * and read up to a size limit (a file that grows while read is cut off and refused too).
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

export type FileReading =
  | { ok: true; text: string }
  | { ok: false; problem: 'missing' | 'unreadable' | 'notRegular' | 'tooLarge'; message: string };

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a named pipe';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

const MESSAGES: Record<string, string> = {
  ENOENT: 'no such file',
  ELOOP: 'a symbolic link that loops (or too many links in a row)',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENAMETOOLONG: 'the path is too long',
  ENOTDIR: 'a part of the path is not a folder',
};

export function readTextFile(path: string, maxBytes: number): FileReading {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    return {
      ok: false,
      problem: code === 'ENOENT' ? 'missing' : 'unreadable',
      message: MESSAGES[code] ?? `cannot be opened (${code || 'error'})`,
    };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile())
      return { ok: false, problem: 'notRegular', message: `${kindOf(st)}, not a regular file` };
    const tooLarge = {
      ok: false,
      problem: 'tooLarge',
      message: `larger than ${(maxBytes / 1024 / 1024).toLocaleString('en')} MiB`,
    } as const;
    if (st.size > maxBytes) return tooLarge;
    let buffer = Buffer.alloc(Math.min(maxBytes + 1, st.size + 1));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        // Larger than it said (a growing file, or one whose size the system does not know).
        if (length > maxBytes) return tooLarge;
        const bigger = Buffer.alloc(Math.min(maxBytes + 1, buffer.length * 2 + 4096));
        buffer.copy(bigger, 0, 0, length);
        buffer = bigger;
      }
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > maxBytes) return tooLarge;
    return { ok: true, text: buffer.subarray(0, length).toString('utf8') };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    return {
      ok: false,
      problem: 'unreadable',
      message: MESSAGES[code] ?? `cannot be read (${code || 'error'})`,
    };
  } finally {
    closeSync(fd);
  }
}
