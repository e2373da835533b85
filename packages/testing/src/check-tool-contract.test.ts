import { existsSync } from 'node:fs';
import { copyTool, defineTool, type JsonSchema, Tool, type ToolContext } from '@agentao/core';
import { describe, expect, it } from 'vitest';
import { CONTRACT_MAX_RESULT_CHARS, checkToolContract, formatContractReport } from './check-tool-contract';

const SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    query: { type: 'string', description: 'text to echo' },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
  },
  required: ['query'],
};

/** A well-behaved tool: validates its own input and returns JSON strings. */
class EchoTool extends Tool {
  readonly name = 'echo_text';
  readonly description = 'Echoes `query` back, at most `limit` (1-50, default 10) times. Returns JSON {status, items}.';
  readonly parameters = SCHEMA;
  override get isReadOnly(): boolean {
    return true;
  }
  override readonly copiesToSubagents = true;
  seenDirs: string[] = [];

  execute(args: Record<string, unknown>, ctx: ToolContext): string {
    this.seenDirs.push(ctx.agent.workingDirectory);
    ctx.onOutput('working');
    const { query, limit } = args;
    if (typeof query !== 'string') return JSON.stringify({ status: 'error', message: 'query must be a string' });
    const n = typeof limit === 'number' && Number.isInteger(limit) ? Math.min(Math.max(limit, 1), 50) : 10;
    return JSON.stringify({ status: 'ok', items: Array.from({ length: n }, () => query.slice(0, 100)) });
  }
}

/** EchoTool with one behaviour overridden. */
function echoWith(execute: (args: Record<string, unknown>, ctx: ToolContext) => unknown): Tool {
  const tool = new EchoTool();
  Object.defineProperty(tool, 'execute', { value: execute });
  return tool;
}

describe('checkToolContract', () => {
  it('accepts a well-behaved tool, runs each sample in a real temp working directory, and reports it', async () => {
    const tool = new EchoTool();
    const dirs: boolean[] = [];
    const original = tool.execute.bind(tool);
    Object.defineProperty(tool, 'execute', {
      value: (args: Record<string, unknown>, ctx: ToolContext) => {
        dirs.push(existsSync(ctx.agent.workingDirectory) && ctx.signal instanceof AbortSignal && ctx.toolCallId !== '');
        return original(args, ctx);
      },
    });
    const result = await checkToolContract(tool, { sampleArgs: [{ query: 'hi' }, { query: 'yo', limit: 3 }] });
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.calls).toBeGreaterThan(10);
    expect(dirs.every(Boolean)).toBe(true);
    expect(tool.workingDirectory).toBeNull();
    expect(formatContractReport(result)).toMatch(/^✓ echo_text: satisfies the tool contract/);
  });

  it('catches a name outside the OpenAI charset and a name that is not snake_case', async () => {
    const bad = defineTool({ name: 'echo text!', description: 'd', parameters: { type: 'object' }, execute: () => 'ok' });
    const camel = defineTool({ name: 'echoText', description: 'd', parameters: { type: 'object' }, execute: () => 'ok' });
    const reserved = defineTool({ name: 'mcp_echo', description: 'd', parameters: { type: 'object' }, execute: () => 'ok' });
    expect((await checkToolContract(bad)).problems).toEqual([expect.stringContaining("does not match OpenAI's")]);
    expect((await checkToolContract(camel)).problems).toEqual([expect.stringContaining('is not snake_case')]);
    expect((await checkToolContract(reserved)).problems).toEqual([expect.stringContaining("reserved for MCP")]);
  });

  it('catches an empty description', async () => {
    const tool = defineTool({ name: 'echo_text', description: '   ', parameters: { type: 'object' }, execute: () => 'ok' });
    const result = await checkToolContract(tool);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([expect.stringContaining('description: is empty')]);
  });

  it('catches parameters that are not an object schema or not valid JSON Schema', async () => {
    const notObject = defineTool({ name: 'a_tool', description: 'd', parameters: { type: 'string' }, execute: () => 'ok' });
    const invalid = defineTool({
      name: 'a_tool',
      description: 'd',
      parameters: { type: 'object', properties: { x: { type: 'no-such-type' } } },
      execute: () => 'ok',
    });
    expect((await checkToolContract(notObject)).problems).toEqual(['parameters: must have type "object", got "string"']);
    expect((await checkToolContract(invalid)).problems).toEqual([expect.stringContaining('is not a valid JSON Schema')]);
  });

  it('catches a flag declared as a method or holding a non-boolean', async () => {
    class MethodFlag extends EchoTool {}
    // The mistake the seed warns about: a bound method is truthy whatever it returns.
    Object.defineProperty(MethodFlag.prototype, 'requiresConfirmation', { value: () => false });
    class StringFlag extends EchoTool {
      override get isReadOnly(): boolean {
        return 'yes' as unknown as boolean;
      }
    }
    const method = await checkToolContract(new MethodFlag(), { sampleArgs: [{ query: 'a' }] });
    expect(method.problems).toEqual([expect.stringMatching(/^requiresConfirmation: is a method/)]);
    const string = await checkToolContract(new StringFlag(), { sampleArgs: [{ query: 'a' }] });
    expect(string.problems).toEqual(['isReadOnly: getter must return a boolean, got a string']);
  });

  it('catches execute returning a non-string', async () => {
    const result = await checkToolContract(echoWith(() => ({ status: 'ok' })), { sampleArgs: [{ query: 'a' }], hostileInputs: false });
    expect(result.problems).toEqual([expect.stringContaining('returned an object; execute must return a string')]);
  });

  it('catches a tool that throws on wrong types or missing fields (generated from the schema)', async () => {
    const fragile = echoWith((args) => (args.query as string).toUpperCase());
    const result = await checkToolContract(fragile, { sampleArgs: [{ query: 'a' }] });
    expect(result.ok).toBe(false);
    expect(result.problems).toContainEqual(expect.stringMatching(/^execute with no arguments at all \(\{\}\): threw TypeError/));
    expect(result.problems).toContainEqual(expect.stringMatching(/^execute with 'query' of the wrong type \(a number\): threw TypeError/));
    // The valid sample itself passed.
    expect(result.problems.some((p) => p.includes('sampleArgs[0]'))).toBe(false);
  });

  it('catches a tool that echoes huge input back unbounded', async () => {
    const unbounded = echoWith((args) => String(args.query));
    const result = await checkToolContract(unbounded, { sampleArgs: [{ query: 'a' }] });
    expect(result.problems).toEqual([
      expect.stringMatching(new RegExp(`^execute with 'query' hostile or huge \\(a 100000-char string\\): returned 100000 chars, over the ${CONTRACT_MAX_RESULT_CHARS}-char bound`)),
    ]);
  });

  it('catches a result over the bound on a valid sample', async () => {
    const result = await checkToolContract(echoWith(() => 'y'.repeat(CONTRACT_MAX_RESULT_CHARS + 1)), { sampleArgs: [{ query: 'a' }], hostileInputs: false });
    expect(result.problems).toEqual([expect.stringContaining(`returned ${CONTRACT_MAX_RESULT_CHARS + 1} chars`)]);
  });

  it('catches a call that never settles and aborts its signal', async () => {
    let aborted = false;
    const hanging = echoWith(
      (_args, ctx) =>
        new Promise<string>(() => {
          ctx.signal.addEventListener('abort', () => {
            aborted = true;
          });
        }),
    );
    const result = await checkToolContract(hanging, { sampleArgs: [{ query: 'a' }], hostileInputs: false, timeoutMs: 300 });
    expect(result.problems).toEqual([expect.stringContaining('did not settle within 300 ms')]);
    expect(aborted).toBe(true);
  });

  it('catches an error JSON without a message, a sample that does not match the schema, and a copy hook returning itself', async () => {
    const noMessage = await checkToolContract(echoWith(() => '{"status":"error"}'), { sampleArgs: [{ query: 'a' }], hostileInputs: false });
    expect(noMessage.problems).toEqual([expect.stringContaining('without a non-empty string "message"')]);

    const badSample = await checkToolContract(new EchoTool(), { sampleArgs: [{ limit: 3 }], hostileInputs: false });
    expect(badSample.problems).toEqual([expect.stringContaining("sampleArgs[0]: does not match parameters ((root) must have required property 'query')")]);

    const selfCopy = new EchoTool();
    Object.defineProperty(selfCopy, copyTool, { value: () => selfCopy });
    const copied = await checkToolContract(selfCopy, { sampleArgs: [{ query: 'a' }], hostileInputs: false });
    expect(copied.problems).toEqual([expect.stringContaining('[copyTool]: returned the tool itself')]);
  });

  it('reports every problem of a thoroughly broken tool without throwing', async () => {
    const broken = {
      get name(): string {
        throw new Error('no name');
      },
      description: 42,
      parameters: null,
      execute: () => {
        throw new Error('boom');
      },
    } as unknown as Tool;
    const result = await checkToolContract(broken);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      'name: reading it threw Error: no name',
      'description: must be a string, got a number',
      'parameters: must be a JSON Schema object, got null',
      expect.stringContaining('execute(generated sample {}): threw Error: boom'),
    ]);
    expect(formatContractReport(result).split('\n')).toHaveLength(5);
  });
});
