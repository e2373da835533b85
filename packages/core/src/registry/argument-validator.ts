import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { AgentaoError, errorMessage } from '../errors';
import { type JsonSchema } from '../json-schema';

/** At most this many violation lines are shown to the model. */
export const MAX_VALIDATION_LINES = 20;

const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  useDefaults: true,
  coerceTypes: true,
  validateFormats: false,
  // Tools may share a `$id`; compiled schemas must not collide in the instance's registry.
  addUsedSchema: false,
};

/** Distinct schemas whose compiled validators are kept for reuse (least recently used dropped first). */
export const COMPILED_VALIDATOR_CACHE_SIZE = 256;

let draft07: Ajv | undefined;
let draft2020: Ajv2020 | undefined;
const compiledBySchemaText = new Map<string, ValidateFunction>();

function compilerFor(schema: JsonSchema): Ajv | Ajv2020 {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (dialect.includes('2020-12')) return (draft2020 ??= new Ajv2020(AJV_OPTIONS));
  return (draft07 ??= new Ajv(AJV_OPTIONS));
}

/**
 * Compiles a schema, reusing the validator of an identical schema: hosts build fresh tool instances
 * (and schema objects) per agent, and an ajv compilation costs milliseconds and tens of KiB. ajv's own
 * cache is keyed by object identity and never shrinks, so each schema is removed from it after compiling.
 */
function compileShared(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  const cached = compiledBySchemaText.get(key);
  if (cached !== undefined) {
    compiledBySchemaText.delete(key);
    compiledBySchemaText.set(key, cached);
    return cached;
  }
  const ajv = compilerFor(schema);
  try {
    const validate = ajv.compile(schema);
    compiledBySchemaText.set(key, validate);
    if (compiledBySchemaText.size > COMPILED_VALIDATOR_CACHE_SIZE) {
      const oldest = compiledBySchemaText.keys().next().value;
      if (oldest !== undefined) compiledBySchemaText.delete(oldest);
    }
    return validate;
  } finally {
    ajv.removeSchema(schema);
  }
}

/** One argument violation, ready to show to the model. */
export interface ArgumentViolation {
  path: string;
  message: string;
  keyword: string;
}

/** Validates (and fills defaults into, and coerces) parsed arguments in place. */
export type ArgumentValidator = (args: Record<string, unknown>) => ArgumentViolation[];

function describe(error: ErrorObject): ArgumentViolation {
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty?: string }).additionalProperty;
    if (extra !== undefined) message += ` '${extra}'`;
  }
  return { path: error.instancePath === '' ? '(root)' : error.instancePath, message, keyword: error.keyword };
}

/** Compiles a tool's `parameters`; throws `TOOL_SCHEMA_INVALID` naming the tool when it is not a compilable object schema. */
export function compileArgumentValidator(toolName: string, parameters: unknown): ArgumentValidator {
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
    throw new AgentaoError('TOOL_SCHEMA_INVALID', `Tool '${toolName}': parameters must be a JSON Schema object`);
  }
  const schema = parameters as JsonSchema;
  if (schema.type !== 'object') {
    throw new AgentaoError('TOOL_SCHEMA_INVALID', `Tool '${toolName}': parameters must have type "object"`);
  }
  let validate: ValidateFunction;
  try {
    validate = compileShared(schema);
  } catch (error) {
    throw new AgentaoError('TOOL_SCHEMA_INVALID', `Tool '${toolName}': parameters schema does not compile: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  return (args) => (validate(args) ? [] : (validate.errors ?? []).map(describe));
}
