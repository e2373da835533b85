import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { copyTool, SILENT_LOGGER, type JsonSchema, type Tool, type ToolContext, type ToolFlag } from '@agentao/core';

/** Results longer than this fail the check: core spills anything larger to disk (its save threshold). */
export const CONTRACT_MAX_RESULT_CHARS = 40_000;
/** One `execute` call that has not settled after this long fails the check (its signal is aborted). */
export const CONTRACT_EXECUTE_TIMEOUT_MS = 10_000;
/** Length of the oversized strings fed to a tool as hostile input. */
export const CONTRACT_HUGE_STRING_CHARS = 100_000;
/** At most this many generated (invalid or hostile) argument objects are run per tool. */
export const CONTRACT_MAX_GENERATED_INPUTS = 60;

/** OpenAI's tool-name charset and length. */
export const OPENAI_TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The naming convention of built-in and contributed tools. */
export const SNAKE_CASE_TOOL_NAME_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

const FLAGS: readonly ToolFlag[] = ['requiresConfirmation', 'isReadOnly', 'copiesToSubagents'];
const RESERVED_NAMES = new Set(['plan_save', 'plan_finalize']);

// Core validates arguments with the same dialect choice and options; defaults and coercion make a
// sample look exactly like what `execute` receives from the agent loop.
const AJV_OPTIONS: Options = { allErrors: true, strict: false, useDefaults: true, coerceTypes: true, validateFormats: false, addUsedSchema: false };

/** Options of `checkToolContract`. */
export interface CheckToolContractOptions {
  /** Valid argument objects; each must run and return a string. Default: one generated from the schema. */
  sampleArgs?: Record<string, unknown>[];
  /** Run invalid and hostile arguments generated from `parameters` (default true). */
  hostileInputs?: boolean;
  /** The agent handle's working directory (and the tool's, when unbound); default: a fresh temp dir. */
  workingDirectory?: string;
  /** Result size bound (default `CONTRACT_MAX_RESULT_CHARS`). */
  maxResultChars?: number;
  /** Per-call bound (default `CONTRACT_EXECUTE_TIMEOUT_MS`). */
  timeoutMs?: number;
}

/** What `checkToolContract` found: `ok` exactly when `problems` is empty. */
export interface ToolContractResult {
  ok: boolean;
  problems: string[];
  /** The tool's name as read (or `<unnamed>`), for reports. */
  toolName: string;
  /** How many `execute` calls were made. */
  calls: number;
}

type Schema = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  const type = typeof value;
  return type === 'object' || type === 'undefined' ? `an ${type}` : `a ${type}`;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return String(error);
  } catch {
    return 'an unprintable value';
  }
}

function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'string' && v.length > 40 ? `<${v.length} chars>` : v)) ?? String(value);
  } catch {
    text = '<unserialisable>';
  }
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

function readMember(tool: Tool, key: 'name' | 'description' | 'parameters'): { value?: unknown; error?: string } {
  try {
    return { value: (tool as unknown as Record<string, unknown>)[key] };
  } catch (error) {
    return { error: messageOf(error) };
  }
}

function checkName(tool: Tool, problems: string[]): string {
  const { value, error } = readMember(tool, 'name');
  if (error !== undefined) {
    problems.push(`name: reading it threw ${error}`);
    return '<unnamed>';
  }
  if (typeof value !== 'string') {
    problems.push(`name: must be a string, got ${describeValue(value)}`);
    return '<unnamed>';
  }
  if (!OPENAI_TOOL_NAME_PATTERN.test(value)) {
    problems.push(`name: '${value}' does not match OpenAI's ${OPENAI_TOOL_NAME_PATTERN.source}`);
  } else if (!SNAKE_CASE_TOOL_NAME_PATTERN.test(value)) {
    problems.push(`name: '${value}' is not snake_case (${SNAKE_CASE_TOOL_NAME_PATTERN.source})`);
  }
  if (value.startsWith('mcp_')) problems.push(`name: '${value}' uses the 'mcp_' prefix reserved for MCP tools`);
  if (RESERVED_NAMES.has(value)) problems.push(`name: '${value}' is reserved for plan mode`);
  return value;
}

function checkDescription(tool: Tool, problems: string[]): void {
  const { value, error } = readMember(tool, 'description');
  if (error !== undefined) problems.push(`description: reading it threw ${error}`);
  else if (typeof value !== 'string') problems.push(`description: must be a string, got ${describeValue(value)}`);
  else if (value.trim() === '') problems.push('description: is empty; it is the model\'s only basis for calling the tool');
}

function compileParameters(tool: Tool, problems: string[]): { schema: Schema; validate: ValidateFunction } | null {
  const { value, error } = readMember(tool, 'parameters');
  if (error !== undefined) {
    problems.push(`parameters: reading it threw ${error}`);
    return null;
  }
  if (!isRecord(value)) {
    problems.push(`parameters: must be a JSON Schema object, got ${describeValue(value)}`);
    return null;
  }
  try {
    JSON.stringify(value);
  } catch (err) {
    problems.push(`parameters: is not JSON-serialisable (${messageOf(err)})`);
    return null;
  }
  if (value.type !== 'object') {
    problems.push(`parameters: must have type "object", got ${preview(value.type)}`);
    return null;
  }
  if (value.properties !== undefined && !isRecord(value.properties)) {
    problems.push('parameters: "properties" must be an object');
    return null;
  }
  const dialect = typeof value.$schema === 'string' ? value.$schema : '';
  const ajv = dialect.includes('2020-12') ? new Ajv2020(AJV_OPTIONS) : new Ajv(AJV_OPTIONS);
  try {
    return { schema: value, validate: ajv.compile(value as JsonSchema) };
  } catch (err) {
    problems.push(`parameters: is not a valid JSON Schema (${messageOf(err)})`);
    return null;
  }
}

/** The own-or-inherited property descriptor, so a getter is told from a method without guessing. */
function findDescriptor(target: object, key: PropertyKey): PropertyDescriptor | undefined {
  for (let obj: object | null = target; obj !== null && obj !== Object.prototype; obj = Object.getPrototypeOf(obj) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(obj, key);
    if (descriptor !== undefined) return descriptor;
  }
  return undefined;
}

function checkFlags(tool: Tool, problems: string[]): void {
  for (const flag of FLAGS) {
    const descriptor = findDescriptor(tool, flag);
    if (descriptor === undefined) continue;
    if ('value' in descriptor) {
      const value: unknown = descriptor.value;
      if (typeof value === 'function') {
        problems.push(`${flag}: is a method; declare it as a getter or a boolean field (a method is read as undeclared, i.e. false)`);
      } else if (value !== undefined && typeof value !== 'boolean') {
        problems.push(`${flag}: must be a boolean, got ${describeValue(value)} (read as undeclared, i.e. false)`);
      }
      continue;
    }
    if (descriptor.get === undefined) {
      problems.push(`${flag}: is an accessor without a getter`);
      continue;
    }
    let value: unknown;
    try {
      value = (tool as unknown as Record<string, unknown>)[flag];
    } catch (error) {
      problems.push(`${flag}: its getter threw ${messageOf(error)}`);
      continue;
    }
    if (typeof value !== 'boolean') problems.push(`${flag}: getter must return a boolean, got ${describeValue(value)}`);
  }
}

function checkCopyHook(tool: Tool, name: string, problems: string[]): void {
  const hook = (tool as unknown as Record<symbol, unknown>)[copyTool];
  if (hook === undefined) return;
  if (typeof hook !== 'function') {
    problems.push(`[copyTool]: must be a method returning a new tool, got ${describeValue(hook)}`);
    return;
  }
  try {
    const copy: unknown = (hook as () => unknown).call(tool);
    if (copy === tool) problems.push('[copyTool]: returned the tool itself; a sub-agent would share the instance (the tool is dropped)');
    else if (!isRecord(copy) || (copy as { name?: unknown }).name !== name) problems.push('[copyTool]: must return a tool with the same name');
  } catch (error) {
    problems.push(`[copyTool]: threw ${messageOf(error)}`);
  }
}

function typesOf(schema: Schema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return [jsonType(schema.enum[0])];
  if (isRecord(schema.properties)) return ['object'];
  if (isRecord(schema.items)) return ['array'];
  return [];
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

/** A plausible valid value for a schema (defaults, const, enum and examples first). */
function sampleValue(schema: unknown, depth = 0): unknown {
  if (!isRecord(schema)) return 'sample';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  const type = typesOf(schema)[0];
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  switch (type) {
    case 'string':
      return 'x'.repeat(typeof schema.minLength === 'number' && schema.minLength > 0 ? Math.min(schema.minLength, 1000) : 6);
    case 'integer':
    case 'number':
      return min ?? (max !== undefined ? Math.min(max, 1) : 1);
    case 'boolean':
      return false;
    case 'array': {
      const count = typeof schema.minItems === 'number' ? Math.min(schema.minItems, 10) : 0;
      return Array.from({ length: count }, () => sampleValue(schema.items, depth + 1));
    }
    case 'object':
      return depth > 4 ? {} : sampleObject(schema, depth + 1);
    case 'null':
      return null;
    default:
      return 'sample';
  }
}

function sampleObject(schema: Schema, depth = 0): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  const out: Record<string, unknown> = {};
  for (const key of required) out[key] = sampleValue(properties[key], depth);
  return out;
}

function wrongTypeValues(schema: unknown): unknown[] {
  const types = isRecord(schema) ? typesOf(schema) : [];
  const candidates: unknown[] = [12345, 'not-a-valid-value', true, ['unexpected', 'array'], { unexpected: 'object' }, null];
  return candidates.filter((value) => {
    const type = jsonType(value);
    return !types.includes(type) && !(type === 'integer' && types.includes('number'));
  }).slice(0, 3);
}

function hugeValues(schema: unknown): unknown[] {
  const types = isRecord(schema) ? typesOf(schema) : [];
  const out: unknown[] = [];
  if (types.includes('string') || types.length === 0) {
    out.push('x'.repeat(CONTRACT_HUGE_STRING_CHARS), `-${'-'.repeat(10)}\u0000\n\r'"\`$(){};|&<>*?\\`);
  }
  if (types.includes('integer') || types.includes('number')) out.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0);
  if (types.includes('number')) out.push(1e308, 0.5);
  if (types.includes('array')) out.push(Array.from({ length: 10_000 }, () => (isRecord(schema) ? sampleValue(schema.items) : 'x')));
  if (types.includes('object')) out.push(Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`key_${i}`, 'x'.repeat(100)])));
  return out;
}

/** Invalid and hostile argument objects derived from the schema: missing, mistyped and oversized fields. */
function generateHostileInputs(schema: Schema): { label: string; args: Record<string, unknown> }[] {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const baseline = sampleObject(schema);
  const inputs: { label: string; args: Record<string, unknown> }[] = [{ label: 'no arguments at all ({})', args: {} }];
  inputs.push({ label: 'every property null', args: Object.fromEntries(Object.keys(properties).map((k) => [k, null])) });
  inputs.push({ label: 'an unexpected extra property', args: { ...baseline, __unexpected_property__: 'x'.repeat(1000) } });
  for (const [key, propSchema] of Object.entries(properties)) {
    for (const value of wrongTypeValues(propSchema)) {
      inputs.push({ label: `'${key}' of the wrong type (${describeValue(value)})`, args: { ...baseline, [key]: value } });
    }
    for (const value of hugeValues(propSchema)) {
      const label = typeof value === 'string' && value.length > 100 ? `a ${value.length}-char string` : preview(value);
      inputs.push({ label: `'${key}' hostile or huge (${label})`, args: { ...baseline, [key]: value } });
    }
  }
  return inputs.slice(0, CONTRACT_MAX_GENERATED_INPUTS);
}

interface RunSettings {
  workingDirectory: string;
  maxResultChars: number;
  timeoutMs: number;
}

function errorJsonProblem(result: string): string | null {
  const trimmed = result.trimStart();
  if (!trimmed.startsWith('{')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.status !== 'error') return null;
  if (typeof parsed.message !== 'string' || parsed.message.trim() === '') {
    return 'returned {"status":"error"} without a non-empty string "message"';
  }
  return null;
}

async function runOnce(tool: Tool, args: Record<string, unknown>, callId: string, settings: RunSettings): Promise<string | null> {
  const controller = new AbortController();
  let badChunk: unknown;
  let sawBadChunk = false;
  const ctx: ToolContext = {
    signal: controller.signal,
    toolCallId: callId,
    agent: { workingDirectory: settings.workingDirectory, readOnly: false, logger: SILENT_LOGGER, sessionId: 'contract-check' },
    onOutput(chunk: string) {
      if (typeof chunk !== 'string' && !sawBadChunk) {
        sawBadChunk = true;
        badChunk = chunk;
      }
    },
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error('contract check timeout'));
      resolve('timeout');
    }, settings.timeoutMs);
  });
  let outcome: { result: unknown } | { thrown: unknown } | 'timeout';
  try {
    outcome = await Promise.race([
      Promise.resolve()
        .then(() => tool.execute(args, ctx))
        .then(
          (result: unknown) => ({ result }),
          (thrown: unknown) => ({ thrown }),
        ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
  if (outcome === 'timeout') return `did not settle within ${settings.timeoutMs} ms`;
  if ('thrown' in outcome) return `threw ${messageOf(outcome.thrown)}; execute must catch and return an error string`;
  if (sawBadChunk) return `called onOutput with ${describeValue(badChunk)}, not a string`;
  const { result } = outcome;
  if (typeof result !== 'string') return `returned ${describeValue(result)}; execute must return a string`;
  if (result.length > settings.maxResultChars) {
    return `returned ${result.length} chars, over the ${settings.maxResultChars}-char bound; truncate or paginate`;
  }
  return errorJsonProblem(result);
}

/**
 * Checks a tool against the contract: name, description, parameters schema, flag declarations, and
 * `execute` on the samples plus invalid and hostile arguments generated from the schema (each must
 * return a bounded string and never throw). Never throws for a broken tool; reports it instead.
 * The tool really runs: give a tool with side effects a sandbox (a temp database, a loopback server)
 * or set `hostileInputs: false`. An unbound tool is bound to the working directory for the check only.
 */
export async function checkToolContract(tool: Tool, options: CheckToolContractOptions = {}): Promise<ToolContractResult> {
  const problems: string[] = [];
  if (typeof tool !== 'object' || tool === null) {
    return { ok: false, problems: [`tool: must be an object, got ${describeValue(tool)}`], toolName: '<unnamed>', calls: 0 };
  }
  const toolName = checkName(tool, problems);
  checkDescription(tool, problems);
  const compiled = compileParameters(tool, problems);
  checkFlags(tool, problems);
  checkCopyHook(tool, toolName, problems);
  if (typeof (tool as { execute?: unknown }).execute !== 'function') {
    problems.push(`execute: must be a method, got ${describeValue((tool as { execute?: unknown }).execute)}`);
    return { ok: false, problems, toolName, calls: 0 };
  }

  const ownTemp = options.workingDirectory === undefined ? await mkdtemp(join(tmpdir(), 'agentao-contract-')) : null;
  const workingDirectory = options.workingDirectory ?? (ownTemp as string);
  const boundHere = tool.workingDirectory === null;
  if (boundHere) tool.workingDirectory = workingDirectory;
  const settings: RunSettings = {
    workingDirectory,
    maxResultChars: options.maxResultChars ?? CONTRACT_MAX_RESULT_CHARS,
    timeoutMs: options.timeoutMs ?? CONTRACT_EXECUTE_TIMEOUT_MS,
  };
  let calls = 0;
  try {
    const samples = options.sampleArgs ?? (compiled !== null ? [sampleObject(compiled.schema)] : [{}]);
    if (options.sampleArgs !== undefined && options.sampleArgs.length === 0) problems.push('sampleArgs: is empty; give at least one valid argument object');
    for (const [index, sample] of samples.entries()) {
      const label = options.sampleArgs === undefined ? 'generated sample' : `sampleArgs[${index}]`;
      const args = structuredClone(sample);
      if (compiled !== null && !compiled.validate(args)) {
        const detail = (compiled.validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`).join('; ');
        // A generated sample may miss a pattern or format; only the caller's own samples must be valid.
        if (options.sampleArgs !== undefined) problems.push(`${label}: does not match parameters (${detail})`);
        continue;
      }
      calls += 1;
      const problem = await runOnce(tool, args, `contract_sample_${index}`, settings);
      if (problem !== null) problems.push(`execute(${label} ${preview(sample)}): ${problem}`);
    }
    if (compiled !== null && options.hostileInputs !== false) {
      for (const [index, input] of generateHostileInputs(compiled.schema).entries()) {
        calls += 1;
        const problem = await runOnce(tool, input.args, `contract_hostile_${index}`, settings);
        if (problem !== null) problems.push(`execute with ${input.label}: ${problem}`);
      }
    }
  } finally {
    if (boundHere) tool.workingDirectory = null;
    if (ownTemp !== null) await rm(ownTemp, { recursive: true, force: true });
  }
  return { ok: problems.length === 0, problems, toolName, calls };
}

/** A human-readable report of a `checkToolContract` result, one problem per line. */
export function formatContractReport(result: ToolContractResult): string {
  if (result.ok) return `✓ ${result.toolName}: satisfies the tool contract (${result.calls} execute calls)`;
  const count = result.problems.length;
  const lines = [`✗ ${result.toolName}: ${count} contract problem${count === 1 ? '' : 's'} (${result.calls} execute calls)`];
  for (const problem of result.problems) lines.push(`  - ${problem}`);
  return lines.join('\n');
}
