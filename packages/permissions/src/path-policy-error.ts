import { AgentaoError } from '@agentao/core';

/** The code of every `PathPolicyError`. */
export const PATH_REFUSED = 'PATH_REFUSED' as const;

/** The refusal message of §11 (normative wording). */
export const PATH_REFUSED_MESSAGE = (raw: string, resolved: string, root: string): string =>
  `PathPolicy: refused '${raw}' — resolves to '${resolved}', outside the workspace root '${root}'`;

/** A path resolved outside the workspace root (§11); carries `raw`, `resolved` and `root`. */
export class PathPolicyError extends AgentaoError {
  /** The path as the caller gave it. */
  readonly raw: string;
  /** Where it resolves (symlinks followed). */
  readonly resolved: string;
  /** The canonical workspace root. */
  readonly root: string;

  constructor(raw: string, resolved: string, root: string) {
    super(PATH_REFUSED, PATH_REFUSED_MESSAGE(raw, resolved, root));
    this.raw = raw;
    this.resolved = resolved;
    this.root = root;
  }
}
