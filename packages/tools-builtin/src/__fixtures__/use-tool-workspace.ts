import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { type Tool } from '@agentao/core';

import { makeContext } from './file-tool-fixtures';
import { type TempWorkspace, type TempWorkspaceOptions, useTempWorkspace } from './use-temp-workspace';

/** A file tool's test kit: tools bound to the test's temp workspace, a caller that records results, a file writer. */
export interface ToolWorkspace<T extends Tool> {
  /** A new tool whose working directory is the workspace (or `workingDirectory`). */
  readonly bound: (workingDirectory?: string) => T;
  /** Calls `tool` (a fresh bound one by default) with a context on its working directory; records the result in `produced`. */
  readonly run: (args: Record<string, unknown>, tool?: T, signal?: AbortSignal) => Promise<string>;
  /** Writes each file (path relative to the workspace), creating missing parent directories. */
  readonly files: (entries: Record<string, string | Buffer>) => Promise<void>;
  /** Every result the file's tests got, for its "produced every documented result marker" test. */
  readonly produced: string[];
}

/**
 * The six file-tool test files each built the same temp workspace, bound tool, recording caller and
 * file writer; this is that kit once. `onReady` receives the workspace paths before each test (the
 * tests keep their own `dir`/`root` variables so their assertions read as before).
 */
export function useToolWorkspace<T extends Tool>(
  create: () => T,
  onReady: (workspace: TempWorkspace) => void = () => undefined,
  options: TempWorkspaceOptions = {},
): ToolWorkspace<T> {
  let dir = '';
  useTempWorkspace((workspace) => {
    dir = workspace.dir;
    onReady(workspace);
  }, options);
  const produced: string[] = [];
  const bound = (workingDirectory = dir): T => {
    const tool = create();
    tool.workingDirectory = workingDirectory;
    return tool;
  };
  const run = async (args: Record<string, unknown>, tool = bound(), signal?: AbortSignal): Promise<string> => {
    const result = await tool.execute(args, makeContext(tool.workingDirectory ?? dir, signal));
    produced.push(result);
    return result;
  };
  const files = async (entries: Record<string, string | Buffer>): Promise<void> => {
    for (const [path, content] of Object.entries(entries)) {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), content);
    }
  };
  return { bound, run, files, produced };
}
