/** Every code an `AgentaoError` can carry. */
export type AgentaoErrorCode =
  | 'CONFIG_INVALID'
  | 'TOOL_NAME_RESERVED'
  | 'TOOL_NAME_DUPLICATE'
  | 'TOOL_ALREADY_REGISTERED'
  | 'TOOL_UNKNOWN_NAME'
  | 'TOOL_NOT_FOUND'
  | 'TOOL_SCHEMA_INVALID'
  | 'TOOL_ARGS_UNPARSEABLE'
  | 'TOOL_ARGS_INVALID'
  | 'PERMISSION_DENIED'
  | 'AGENT_BUSY'
  | 'CANCELLED'
  | 'URL_REFUSED'
  | 'PATH_REFUSED'
  | 'INTERNAL';

const MARKER = Symbol.for('agentao.error');

/** The one error base class of every `@agentao/*` package; `code` says what went wrong. */
export class AgentaoError extends Error {
  /** Stable machine-readable code. */
  readonly code: AgentaoErrorCode;

  constructor(code: AgentaoErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
    Object.defineProperty(this, MARKER, { value: true });
  }

  /** True for any `AgentaoError`, even one thrown by a duplicate install of the package. */
  static isInstance(error: unknown): error is AgentaoError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** Formats an unknown thrown value as `<ErrorName>: <message>` for log lines. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return `${typeof error}: ${String(error)}`;
}

/** The message of an unknown thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return String(error);
  } catch {
    return 'unknown error';
  }
}
