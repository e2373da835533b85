import { type FileStat, type FileSystem } from '@agentao/core';

import { errorCodeOf } from './file-sniff';

/**
 * `read_file`, `list_directory`, `glob` and `search_file_content` all report a missing path as
 * "does not exist" (each in its own words) and let any other failure reach their generic error text;
 * this is the one place that decides which error codes mean "missing".
 */

/** The path's stat, or null when it does not exist (ENOENT, or ENOTDIR for a path through a file); other failures are rethrown. */
export async function statOrMissing(fs: FileSystem, path: string): Promise<FileStat | null> {
  try {
    return await fs.stat(path);
  } catch (error) {
    const code = errorCodeOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}
