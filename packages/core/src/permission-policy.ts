import { type Tool } from './tool/tool';

/** What a policy decided for one call. */
export interface PermissionDetail {
  decision: 'allow' | 'deny' | 'ask';
  /** Why, with a stable prefix (e.g. `user-rule:`); `null` when there is nothing to say. */
  reason: string | null;
  matchedRule?: unknown;
}

/** One call put to the policy, with validated arguments. */
export interface PermissionRequest {
  toolName: string;
  args: Record<string, unknown>;
  tool: Tool;
}

/** The permission hook: the security boundary of an agent (implemented by `@agentao/permissions` or a host). */
export interface PermissionPolicy {
  /** `'read-only'` makes the agent refuse every non-read-only tool. */
  readonly mode?: string;
  /**
   * Decides one call; `null` means no rule matched. Called once per planned call, in emission order;
   * may be async. A throw or rejection denies the call (fail closed).
   */
  decide(request: PermissionRequest): PermissionDetail | null | Promise<PermissionDetail | null>;
}
