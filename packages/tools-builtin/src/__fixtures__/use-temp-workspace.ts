import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, beforeEach } from 'vitest';

import { makeTempDir } from './file-tool-fixtures';

/** Where one test works: `root` is its fresh temp directory, `dir` the working directory (`root`, or `root/workspace` when nested). */
export interface TempWorkspace {
  readonly root: string;
  readonly dir: string;
}

/** How `useTempWorkspace` lays out the directory. */
export interface TempWorkspaceOptions {
  /** The temp directory's name prefix. */
  readonly prefix?: string;
  /** Work in `root/workspace`, so a test can put files outside the working directory (in `root`). */
  readonly nested?: boolean;
}

/**
 * Gives every test of the calling file a fresh real temp directory, removed after it; `onReady` gets its
 * paths before each test. Every filesystem-touching test file had the same before/after pair; one copy
 * keeps their cleanup identical.
 */
export function useTempWorkspace(onReady: (workspace: TempWorkspace) => void, options: TempWorkspaceOptions = {}): void {
  let cleanup: () => Promise<void> = async () => undefined;
  beforeEach(async () => {
    const made = await makeTempDir(options.prefix);
    cleanup = made.cleanup;
    const dir = options.nested === true ? join(made.dir, 'workspace') : made.dir;
    if (options.nested === true) await mkdir(dir);
    onReady({ root: made.dir, dir });
  });
  afterEach(async () => {
    await cleanup();
  });
}
