import { errorMessage } from '@agentao/core/internal';

/**
 * Each file tool turns any failure it does not name into one result, `<prefix>: <message>`
 * (tools-builtin.md: "Other failure → `Error listing directory: <message>`" and its siblings); one
 * helper keeps that catch-all the same in every tool.
 */

/** The body's result; if it throws or rejects, the text `<prefix>: <message>` instead. */
export async function orErrorResult(prefix: string, body: () => Promise<string>): Promise<string> {
  try {
    return await body();
  } catch (error) {
    return `${prefix}: ${errorMessage(error)}`;
  }
}
