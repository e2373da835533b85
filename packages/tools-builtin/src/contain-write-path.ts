import { AgentaoError, type Tool } from '@agentao/core';
import { PathPolicy, PathPolicyError } from '@agentao/permissions';

/** The outcome of checking a write target: the resolved path, or the refusal text to return. */
export type ContainedPath = { readonly resolved: string } | { readonly refusal: string };

function isPathRefusal(error: unknown): error is AgentaoError {
  // The code check also recognises an error from a duplicate install of @agentao/permissions.
  return error instanceof PathPolicyError || (AgentaoError.isInstance(error) && (error.code as string) === 'PATH_REFUSED');
}

/**
 * Resolves `raw` for writing through the tool's `PathPolicy` (permissions.md §11): a path outside the
 * working directory (symlinks followed) becomes `Error: <PathPolicyError message>`; other failures reject.
 */
export async function containWritePath(tool: Tool, raw: string): Promise<ContainedPath> {
  try {
    return { resolved: await PathPolicy.forTool(tool).containFile(raw) };
  } catch (error) {
    if (isPathRefusal(error)) return { refusal: `Error: ${error.message}` };
    throw error;
  }
}
