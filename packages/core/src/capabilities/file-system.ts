/** One directory entry as `FileSystem.listDir` reports it (symlinks followed). */
export interface DirEntry {
  name: string;
  isDir: boolean;
  isFile: boolean;
  /** 0 for non-files and for entries whose stat failed. */
  size: number;
  mtimeMs: number;
}

/** What `FileSystem.stat` reports (symlinks followed). */
export interface FileStat {
  size: number;
  mtimeMs: number;
  isDir: boolean;
  isFile: boolean;
}

/** One match of `FileSystem.glob`; `path` is relative to the base, with `/` separators. */
export interface GlobEntry {
  path: string;
  isDir: boolean;
  size: number;
  mtimeMs: number;
}

/** Options of `FileSystem.glob`. */
export interface GlobOptions {
  /** Also return directories (default false). */
  includeDirs?: boolean;
  /** Skip `.git`, `node_modules` and gitignored paths (default true). */
  respectIgnores?: boolean;
  /** Checked between files; an aborted walk rejects. */
  signal?: AbortSignal;
}

/** The file capability every built-in tool goes through; all paths are absolute. Failures reject with Node-style errors (`code`). */
export interface FileSystem {
  /** The whole file as bytes. */
  readBytes(path: string): Promise<Uint8Array>;
  /** At most `maxBytes` bytes from the start; never reads more. */
  readPartial(path: string, maxBytes: number): Promise<Uint8Array>;
  /** The whole file decoded as strict UTF-8 (invalid bytes reject); a BOM is kept. */
  readText(path: string): Promise<string>;
  /** Writes text, creating parents; replaces an existing file atomically unless `append`. */
  writeText(path: string, data: string, options?: { append?: boolean }): Promise<void>;
  /** Entries of a directory. */
  listDir(path: string): Promise<DirEntry[]>;
  /** Stat with symlinks followed; rejects when missing. */
  stat(path: string): Promise<FileStat>;
  /** Whether the path exists. */
  exists(path: string): Promise<boolean>;
  /** Canonical path with symlinks followed. */
  realpath(path: string): Promise<string>;
  /** Walks `base` and returns the entries matching `pattern`. */
  glob(base: string, pattern: string, options?: GlobOptions): Promise<GlobEntry[]>;
}
