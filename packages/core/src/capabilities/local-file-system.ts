import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import {
  access,
  appendFile,
  chmod,
  mkdir,
  open,
  readFile,
  readdir,
  realpath,
  rename,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { TextDecoder } from 'node:util';

import { AgentaoError } from '../errors';
import { type DirEntry, type FileStat, type FileSystem, type GlobEntry, type GlobOptions } from './file-system';
import { globWalk } from './glob-walk';

/** Largest single read `readPartial` issues; a bigger `maxBytes` is read in several steps. */
export const READ_PARTIAL_CHUNK_BYTES = 64 * 1024;

/** Error codes of temp-file creation after which `writeText` falls back to writing in place. */
export const IN_PLACE_FALLBACK_CODES: readonly string[] = Object.freeze(['EACCES', 'EPERM', 'EROFS']);

function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** A Node-style error (`code`, `syscall`, `path`), as the `FileSystem` contract promises callers. */
function errnoError(code: string, syscall: string, path: string, detail: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: ${detail}, ${syscall} '${path}'`);
  error.code = code;
  error.syscall = syscall;
  error.path = path;
  return error;
}

/** Strict UTF-8 (invalid bytes throw) that keeps a leading BOM as U+FEFF. */
const strictUtf8 = (): TextDecoder => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Rejects when the real file may not be written, even where a rename over it would succeed. */
async function assertWritable(real: string, mode: number): Promise<void> {
  await access(real, constants.W_OK);
  // access() always succeeds for root; the read-only bit is still the owner's stated intent.
  if ((mode & 0o222) === 0) throw errnoError('EACCES', 'open', real, 'permission denied (file is read-only)');
}

/** Replaces an existing file through a temp file and a rename; see `LocalFileSystem.writeText`. */
async function replaceAtomically(target: string, data: string): Promise<void> {
  const real = await realpath(target);
  const info = await stat(real);
  await assertWritable(real, info.mode);
  const tempPath = join(dirname(real), `.${basename(real)}.${randomBytes(6).toString('hex')}.tmp`);
  let handle;
  try {
    handle = await open(tempPath, 'wx', 0o600);
  } catch (error) {
    const code = errnoCode(error);
    // A directory we may not create files in (or a read-only mount) still allows writing the file itself.
    if (code !== undefined && IN_PLACE_FALLBACK_CODES.includes(code)) {
      await writeFile(real, data, 'utf8');
      return;
    }
    throw error;
  }
  try {
    try {
      await handle.writeFile(data, 'utf8');
    } finally {
      await handle.close();
    }
    try {
      const current = await stat(real);
      await chmod(tempPath, current.mode & 0o7777);
    } catch (error) {
      // The target vanished meanwhile: the rename below simply creates it.
      if (errnoCode(error) !== 'ENOENT') throw error;
    }
    await rename(tempPath, real);
  } catch (error) {
    await unlink(tempPath).catch(() => undefined);
    throw error;
  }
}

/** The default `FileSystem`: the local disk, with atomic replacing writes. */
export class LocalFileSystem implements FileSystem {
  /** The whole file as bytes. */
  async readBytes(path: string): Promise<Uint8Array> {
    return readFile(path);
  }

  /** At most `maxBytes` bytes from the start, read through a file handle so no more is ever read. */
  async readPartial(path: string, maxBytes: number): Promise<Uint8Array> {
    if (!Number.isInteger(maxBytes) || maxBytes < 0) {
      throw new AgentaoError('CONFIG_INVALID', `maxBytes must be a non-negative integer, got ${String(maxBytes)}`);
    }
    const handle = await open(path, 'r');
    try {
      const chunks: Buffer[] = [];
      let total = 0;
      while (total < maxBytes) {
        const buffer = Buffer.alloc(Math.min(READ_PARTIAL_CHUNK_BYTES, maxBytes - total));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, total);
        if (bytesRead === 0) break;
        chunks.push(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
        total += bytesRead;
      }
      return Buffer.concat(chunks, total);
    } finally {
      await handle.close();
    }
  }

  /** The whole file as strict UTF-8; invalid bytes reject (`ERR_ENCODING_INVALID_ENCODED_DATA`); a BOM is kept. */
  async readText(path: string): Promise<string> {
    const bytes = await readFile(path);
    try {
      return strictUtf8().decode(bytes);
    } catch (error) {
      const invalid: NodeJS.ErrnoException = new TypeError(`File is not valid UTF-8: ${path}`, { cause: error });
      invalid.code = 'ERR_ENCODING_INVALID_ENCODED_DATA';
      invalid.path = path;
      throw invalid;
    }
  }

  /**
   * Writes text, creating parent directories. `append` or a new file: a plain write. An existing file
   * is replaced atomically: symlinks resolved (the link survives), a read-only file refused, a temp
   * `.<name>.<random>.tmp` written beside it with the original mode bits, then renamed over it. When
   * the directory refuses the temp file (`EACCES`/`EPERM`/`EROFS`) the file is written in place; any
   * other failure rejects and leaves the target untouched. Hard links keep the old content.
   */
  async writeText(path: string, data: string, options: { append?: boolean } = {}): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    if (options.append === true) {
      await appendFile(path, data, 'utf8');
      return;
    }
    try {
      await replaceAtomically(path, data);
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') throw error;
      // Another writer created the file meanwhile: replace it atomically like any existing file.
      if (await this.exists(path)) {
        await replaceAtomically(path, data);
        return;
      }
      // Missing target (or a dangling link): a plain write creates it with default permissions.
      await writeFile(path, data, 'utf8');
    }
  }

  /** Entries sorted by name; symlinks followed; an entry whose stat fails reports `false`/0. */
  async listDir(path: string): Promise<DirEntry[]> {
    const names = (await readdir(path)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return Promise.all(
      names.map(async (name): Promise<DirEntry> => {
        try {
          const info = await stat(join(path, name));
          const isFile = info.isFile();
          return { name, isDir: info.isDirectory(), isFile, size: isFile ? info.size : 0, mtimeMs: info.mtimeMs };
        } catch {
          return { name, isDir: false, isFile: false, size: 0, mtimeMs: 0 };
        }
      }),
    );
  }

  /** Size, mtime and kind with symlinks followed; rejects when missing. */
  async stat(path: string): Promise<FileStat> {
    const info = await stat(path);
    return { size: info.size, mtimeMs: info.mtimeMs, isDir: info.isDirectory(), isFile: info.isFile() };
  }

  /** Whether the path exists (a dangling symlink does not). */
  async exists(path: string): Promise<boolean> {
    try {
      await access(path, constants.F_OK);
      return true;
    } catch {
      return false;
    }
  }

  /** Canonical path with symlinks followed. */
  async realpath(path: string): Promise<string> {
    return realpath(path);
  }

  /** Walks `base` for `pattern`; see `globWalk` for the syntax and the skip rules. */
  async glob(base: string, pattern: string, options?: GlobOptions): Promise<GlobEntry[]> {
    return globWalk(base, pattern, options);
  }
}
