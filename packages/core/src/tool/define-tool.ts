import { type JsonSchema } from '../json-schema';
import { Tool, type ToolContext } from './tool';

/** The plain-object form of a tool accepted by `defineTool`. */
export interface ToolSpec<A extends Record<string, unknown>> {
  name: string;
  description: string;
  parameters: JsonSchema;
  /** Receives the validated arguments; resolves to the text the model reads. */
  execute(args: A, ctx: ToolContext): string | Promise<string>;
  requiresConfirmation?: boolean;
  isReadOnly?: boolean;
  copiesToSubagents?: boolean;
}

class DefinedTool<A extends Record<string, unknown>> extends Tool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  override readonly requiresConfirmation: boolean | undefined;
  override readonly isReadOnly: boolean | undefined;
  override readonly copiesToSubagents: boolean | undefined;
  private readonly spec: ToolSpec<A>;

  constructor(spec: ToolSpec<A>) {
    super();
    this.name = spec.name;
    this.description = spec.description;
    this.parameters = spec.parameters;
    this.requiresConfirmation = spec.requiresConfirmation;
    this.isReadOnly = spec.isReadOnly;
    this.copiesToSubagents = spec.copiesToSubagents;
    this.spec = spec;
  }

  execute(args: Record<string, unknown>, ctx: ToolContext): string | Promise<string> {
    return this.spec.execute(args as A, ctx);
  }
}

/** Builds a `Tool` from a plain object; the flags become readonly fields. */
export function defineTool<A extends Record<string, unknown> = Record<string, unknown>>(spec: ToolSpec<A>): Tool {
  return new DefinedTool(spec);
}
