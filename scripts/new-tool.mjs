#!/usr/bin/env node
// Scaffolds a contributed tool package: `pnpm new-tool <name>` creates tools-contrib/<name>
// (@agentao/tool-<name>) with a sample tool, its contract test, a README and a changeset.
// Plain Node ESM without dependencies, so it runs before `pnpm install`.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NAME_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const MAX_NAME_CHARS = 40;

function fail(message) {
  process.stderr.write(`new-tool: ${message}\n`);
  process.exit(1);
}

const args = process.argv.slice(2).filter((a) => a !== '--');
if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
  fail('usage: pnpm new-tool <name>   (kebab-case, e.g. "weather" or "jira-issues"; creates tools-contrib/<name> as @agentao/tool-<name>)');
}
const name = args[0];
if (!NAME_PATTERN.test(name)) {
  fail(`invalid name '${name}': use kebab-case (lowercase letters and digits, words joined by single '-', starting with a letter), e.g. "weather" or "jira-issues"`);
}
if (name.length > MAX_NAME_CHARS) fail(`invalid name '${name}': at most ${MAX_NAME_CHARS} characters`);
if (name === 'mcp' || name.startsWith('mcp-')) fail(`invalid name '${name}': the 'mcp' prefix is reserved for MCP tools`);

const dir = join(ROOT, 'tools-contrib', name);
const changeset = join(ROOT, '.changeset', `tool-${name}.md`);
if (existsSync(dir)) fail(`tools-contrib/${name} already exists; pick another name or remove it first`);
if (existsSync(changeset)) fail(`.changeset/tool-${name}.md already exists; remove it first`);

const snake = name.replace(/-/g, '_');
const upper = snake.toUpperCase();
const pascal = name.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const pkg = `@agentao/tool-${name}`;
const toolName = `${snake}_echo`;
const className = `${pascal}EchoTool`;
const toolFile = `${name}-echo-tool`;

const packageJson = {
  name: pkg,
  version: '0.1.0',
  description: `Agentao tool ${toolName}: TODO say what the tools of this package do.`,
  license: 'MIT',
  type: 'module',
  sideEffects: false,
  main: './dist/index.js',
  types: './dist/index.d.ts',
  exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './package.json': './package.json' },
  files: ['dist'],
  engines: { node: '>=20.19' },
  publishConfig: { access: 'public' },
  repository: { type: 'git', url: 'git+https://github.com/agentao/agentao-ts.git', directory: `tools-contrib/${name}` },
  scripts: { build: 'tsup', typecheck: 'tsc -p tsconfig.json', lint: 'eslint src', test: 'vitest run' },
  peerDependencies: { '@agentao/core': 'workspace:>=0.1.0 <1.0.0' },
  dependencies: {},
  devDependencies: { '@agentao/core': 'workspace:*', '@agentao/testing': 'workspace:*' },
};

const files = {
  'package.json': `${JSON.stringify(packageJson, null, 2)}\n`,
  'tsconfig.json': `{
  "extends": "../../tsconfig.base.json",
  "include": ["src", "examples", "*.config.ts"]
}
`,
  'tsup.config.ts': `import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'node20',
  dts: true,
  sourcemap: true,
  clean: true,
});
`,
  'vitest.config.ts': `import { defineProject } from 'vitest/config';

export default defineProject({
  test: { include: ['src/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
});
`,
  [`src/${toolFile}.ts`]: `import { type JsonSchema, Tool, type ToolContext } from '@agentao/core';

/** Repetitions when \`times\` is not given. */
export const ${upper}_DEFAULT_TIMES = 1;
/** Upper bound of \`times\`; larger values are clamped. */
export const ${upper}_MAX_TIMES = 10;
/** Longest accepted \`text\`. */
export const ${upper}_MAX_TEXT_CHARS = 1_000;

// Every number in the description comes from the constants above, so it cannot drift from the code.
const DESCRIPTION = [
  'Echo a text back, repeated. Use it when the user asks to repeat something. (Sample tool: replace it with your own.)',
  \`Arguments: text (required, at most \${${upper}_MAX_TEXT_CHARS} chars); times (optional, default \${${upper}_DEFAULT_TIMES}, max \${${upper}_MAX_TIMES}; larger values are clamped).\`,
  'Returns JSON {status:"ok", text, count}, text being the input repeated count times joined by spaces.',
  'Invalid arguments: JSON {status:"error", message}. Read-only: it changes nothing.',
].join(' ');

const PARAMETERS: JsonSchema = {
  type: 'object',
  properties: {
    text: { type: 'string', description: 'The text to echo.' },
    times: { type: 'integer', minimum: 1, maximum: ${upper}_MAX_TIMES, default: ${upper}_DEFAULT_TIMES, description: 'How many times.' },
  },
  required: ['text'],
  additionalProperties: false,
};

function errorJson(message: string): string {
  return JSON.stringify({ status: 'error', message });
}

/** \`${toolName}\`: a sample read-only tool; returns its text repeated, as JSON. */
export class ${className} extends Tool {
  readonly name = '${toolName}';
  readonly description = DESCRIPTION;
  readonly parameters = PARAMETERS;
  override readonly isReadOnly = true;

  execute(args: Record<string, unknown>, _ctx: ToolContext): string {
    // The agent validates arguments against PARAMETERS first; checking again keeps direct callers safe.
    const { text, times = ${upper}_DEFAULT_TIMES } = args;
    if (typeof text !== 'string') return errorJson('text must be a string');
    if (text.length > ${upper}_MAX_TEXT_CHARS) return errorJson(\`text is \${text.length} chars; at most \${${upper}_MAX_TEXT_CHARS} are accepted\`);
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) return errorJson('times must be a positive integer');
    const count = Math.min(times, ${upper}_MAX_TIMES);
    return JSON.stringify({ status: 'ok', text: Array.from({ length: count }, () => text).join(' '), count });
  }
}
`,
  'src/index.ts': `export { ${className}, ${upper}_DEFAULT_TIMES, ${upper}_MAX_TIMES, ${upper}_MAX_TEXT_CHARS } from './${toolFile}';
`,
  [`src/${name}.test.ts`]: `import { SILENT_LOGGER, type ToolContext } from '@agentao/core';
import { checkToolContract, formatContractReport } from '@agentao/testing';
import { describe, expect, it } from 'vitest';
import { ${className}, ${upper}_MAX_TEXT_CHARS, ${upper}_MAX_TIMES } from './index';

function ctx(): ToolContext {
  return {
    signal: new AbortController().signal,
    toolCallId: 'call_1',
    agent: { workingDirectory: process.cwd(), readOnly: false, logger: SILENT_LOGGER, sessionId: 'test' },
    onOutput: () => undefined,
  };
}

function run(args: Record<string, unknown>): unknown {
  return JSON.parse(new ${className}().execute(args, ctx()));
}

describe('${toolName}', () => {
  it('satisfies the tool contract', async () => {
    const result = await checkToolContract(new ${className}(), { sampleArgs: [{ text: 'hi' }, { text: 'hi', times: 3 }] });
    expect(result.problems, formatContractReport(result)).toEqual([]);
  });

  it('keeps its parameter schema stable', () => {
    expect(new ${className}().parameters).toMatchSnapshot();
  });

  it('declares itself read-only and states its bounds', () => {
    const tool = new ${className}();
    expect(tool.isReadOnly).toBe(true);
    expect(tool.description).toContain(\`max \${${upper}_MAX_TIMES}\`);
  });

  it('repeats the text and clamps times to the maximum', () => {
    expect(run({ text: 'hi', times: 3 })).toEqual({ status: 'ok', text: 'hi hi hi', count: 3 });
    expect(run({ text: 'a', times: 99_999 })).toMatchObject({ count: ${upper}_MAX_TIMES });
  });

  it('answers bad input with a JSON error', () => {
    expect(run({})).toEqual({ status: 'error', message: 'text must be a string' });
    expect(run({ text: 'x'.repeat(${upper}_MAX_TEXT_CHARS + 1) })).toMatchObject({ status: 'error' });
    expect(run({ text: 'x', times: 0 })).toEqual({ status: 'error', message: 'times must be a positive integer' });
  });
});
`,
  // Written here rather than on the first run: vitest refuses to write new snapshots under CI=true.
  [`src/__snapshots__/${name}.test.ts.snap`]: `// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html

exports[\`${toolName} > keeps its parameter schema stable 1\`] = \`
{
  "additionalProperties": false,
  "properties": {
    "text": {
      "description": "The text to echo.",
      "type": "string",
    },
    "times": {
      "default": 1,
      "description": "How many times.",
      "maximum": 10,
      "minimum": 1,
      "type": "integer",
    },
  },
  "required": [
    "text",
  ],
  "type": "object",
}
\`;
`,
  'examples/usage.ts': `import { Agentao } from '@agentao/core';
import { ${className} } from '../src/index';

// README: the import above is '${pkg}'.
const agent = new Agentao({
  workingDirectory: process.cwd(),
  extraTools: [new ${className}()],
});
console.log(await agent.chat('Say hello three times.'));
await agent.close();
`,
  'README.md': `# ${pkg}

TODO: one paragraph: what this package lets an [Agentao](../../README.md) agent do, and for whom.

## Install

\`\`\`sh
pnpm add ${pkg} @agentao/core
\`\`\`

\`@agentao/core\` is a peer dependency (\`>=0.1.0 <1.0.0\`).

## Usage

\`\`\`ts
import { Agentao } from '@agentao/core';
import { ${className} } from '${pkg}';

const agent = new Agentao({
  workingDirectory: process.cwd(),
  extraTools: [new ${className}()],
});
console.log(await agent.chat('Say hello three times.'));
await agent.close();
\`\`\`

(Type-checked copy: [\`examples/usage.ts\`](examples/usage.ts); see also the [demo app](../../apps/demo).)

## Tools

| tool | what it does | isReadOnly | requiresConfirmation | copiesToSubagents |
|---|---|---|---|---|
| \`${toolName}\` | echoes \`text\` up to 10 times (sample) | true | false | false |

Errors are returned as \`{"status":"error","message":"…"}\`; the tools never throw.

## Checklist before publishing

- Every sentence of each description is true; numbers come from exported constants.
- Side effects (writes, network, commands) ⇒ \`requiresConfirmation = true\`; only tools with no effect
  outside the session are \`isReadOnly = true\`. Declare flags as fields or getters, never methods.
- Results are bounded and paginated; \`checkToolContract\` passes (\`pnpm test\`).
- \`copiesToSubagents = true\` only if a shallow copy is safe to use concurrently with the original.

## Library choices

TODO: which libraries this package uses and why.
`,
};

for (const [file, content] of Object.entries(files)) {
  const target = join(dir, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, content, { flag: 'wx' });
}
writeFileSync(
  changeset,
  `---
"${pkg}": minor
---

feat: new package ${pkg} with the \`${toolName}\` sample tool.
`,
  { flag: 'wx' },
);

process.stdout.write(`Created ${relative(process.cwd(), dir) || '.'} (${pkg}) and .changeset/tool-${name}.md.
Next:
  pnpm install
  TURBO_TELEMETRY_DISABLED=1 pnpm turbo run build typecheck lint test --filter=${pkg}...
Then replace the sample tool in src/${toolFile}.ts, update the README and the changeset.
`);
