/**
 * The "truthful descriptions" test (tools-builtin.md §7.2): every built-in tool's model-facing text
 * (description and every parameter description) is held to its module's facts manifest
 * (`<TOOL>_FACTS`) and to the code, in every configuration that changes the text.
 *
 * Result markers: each marker of `<TOOL>_RESULT_MARKERS` must be listed in the text and must occur
 * literally in that tool's own test file (`src/tools/<tool>.test.ts`). Grepping the test file is a
 * deliberate choice: it works the same for all ten tools without this file re-implementing every
 * tool's scenarios, and it fails as soon as a marker is added to a tool without a test asserting it.
 * Its blind spot (a marker written in a test that does not assert it) is covered by code review; the
 * behavioural cross-checks below run real scenarios for the facts whose absence was a past failure.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  Agentao,
  defineTool,
  type JsonSchema,
  LocalFileSystem,
  LocalShellExecutor,
  type LLMClient,
  type LLMResponse,
  SdkTransport,
  SILENT_LOGGER,
  type ShellExecutor,
  type Tool,
  type ToolContext,
  type AskUserHints,
} from '@agentao/core';
import { UrlPolicy } from '@agentao/permissions';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';

import { BUILTIN_TOOL_NAMES, builtinTools } from './builtin-tools';
import { type FileToolFacts } from './file-tool-facts';
import { AskUserTool } from './tools/ask-user';
import { RunShellCommandTool } from './tools/run-shell-command';
import { WebFetchTool } from './tools/web-fetch';

const SRC = import.meta.dirname;
const kebab = (name: string): string => name.replaceAll('_', '-');
const upper = (name: string): string => name.toUpperCase();
const display = (value: number): string => value.toLocaleString('en-US');

/** Claims that are false for every built-in (§7.2.5). */
const GLOBAL_FORBIDDEN: readonly RegExp[] = [
  /must match exactly/i,
  /\ball lines\b/i,
  /0 = all/,
  /ripgrep/i,
  /git grep/i,
  /tracked files only/i,
  /\bwill be (?:monitored|checked)\b/i,
  /\bis checked after it starts\b/i,
  /\breports? back when it finishes\b/i,
];

interface Variant {
  label: string;
  tool: Tool;
  /** Numbers that come from a configured object, not from the module. */
  dynamicNumbers?: string[];
  /** Text from a configured object, removed before the number scan. */
  dynamicText?: string[];
}

/** The whole model-facing text: description plus every parameter description, at any depth. */
function modelText(tool: Tool): string {
  const parts: string[] = [tool.toOpenAIFormat().function.description];
  const visit = (schema: unknown): void => {
    if (typeof schema !== 'object' || schema === null) return;
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'description' && typeof value === 'string') parts.push(value);
      else visit(value);
    }
  };
  visit(tool.toOpenAIFormat().function.parameters);
  return parts.join('\n');
}

/** Every number written in the text, as written (`2,000`, `0.5`); digits inside identifiers (`UTF-8`, `h1`) are not numbers. */
function numbersIn(text: string): string[] {
  return [...text.matchAll(/(?<![A-Za-z0-9_$.,]|[A-Za-z]-)\d+(?:,\d{3})*(?:\.\d+)?%?(?![A-Za-z0-9_]|,\d)/g)].map((m) => m[0]);
}

/** `40%` is the display form of a ratio constant `0.4`. */
function isPercentOf(shown: string, values: readonly unknown[]): boolean {
  if (!shown.endsWith('%')) return false;
  const ratio = Number(shown.slice(0, -1).replaceAll(',', '')) / 100;
  return values.some((v) => typeof v === 'number' && Math.abs(v - ratio) < 1e-9);
}

function containsNumber(text: string, shown: string): boolean {
  const escaped = shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\d,.])${escaped}(?![\\d]|,\\d|\\.\\d)`).test(text);
}

function boundTools(dir: string): Map<string, Tool> {
  const tools = builtinTools().builtinTools?.({ agent: undefined as never, workingDirectory: dir, logger: SILENT_LOGGER }) ?? [];
  for (const tool of tools) tool.workingDirectory = dir;
  return new Map(tools.map((tool) => [tool.name, tool]));
}

const hostExecutor = (withBackground: boolean): ShellExecutor => ({
  run: async () => ({ exitCode: 0, stdout: '', stderr: '', timedOut: false }),
  ...(withBackground ? { runBackground: async () => ({ pid: 1, pgid: null }) } : {}),
});

/** Every configuration whose text differs (§7.2.6). */
function variantsOf(name: string, dir: string): Variant[] {
  const fresh = (): Tool => {
    const tool = boundTools(dir).get(name);
    if (tool === undefined) throw new Error(`builtinTools() has no ${name}`);
    return tool;
  };
  if (name === 'run_shell_command') {
    const withShell = (label: string, shell: ShellExecutor): Variant => {
      const tool = fresh();
      tool.shell = shell;
      return { label, tool };
    };
    const variants = [
      { label: 'default executor', tool: fresh() },
      withShell('sh', new LocalShellExecutor({ shell: { shellName: 'sh', executable: '/bin/sh', args: ['-c'] } })),
      withShell('bash', new LocalShellExecutor({ shell: { shellName: 'bash', executable: '/bin/bash', args: ['-c'] } })),
      withShell('cmd', new LocalShellExecutor({ shell: { shellName: 'cmd', executable: 'cmd.exe', args: ['/d', '/s', '/c'] } })),
      withShell('host executor without background', hostExecutor(false)),
      withShell('host executor with background', hostExecutor(true)),
    ];
    return variants;
  }
  if (name === 'web_fetch') {
    const policies = [
      ['no allowlist', new UrlPolicy()],
      ['allowlist', new UrlPolicy({ allowNetworks: ['127.0.0.1', '10.0.0.0/8', '::1'] })],
      ['custom redirect limit', new UrlPolicy({ maxRedirects: 3 })],
    ] as const;
    return policies.map(([label, policy]) => {
      const tool = new WebFetchTool({ urlPolicy: policy });
      tool.workingDirectory = dir;
      return {
        label,
        tool,
        dynamicNumbers: [String(policy.maxRedirects)],
        dynamicText: policy.allowNetworks.length > 0 ? [`SSRF allowlist active: ${policy.allowNetworks.join(', ')}.`] : [],
      };
    });
  }
  return [{ label: 'default', tool: fresh() }];
}

function ctx(dir: string, signal = new AbortController().signal): ToolContext {
  return { signal, toolCallId: 'call_facts', agent: { workingDirectory: dir, readOnly: false, logger: SILENT_LOGGER, sessionId: 's' }, onOutput: () => undefined };
}

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'agentao-facts-')));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each(BUILTIN_TOOL_NAMES.map((name) => [name]))('%s: description facts', (name) => {
  const modulePath = join(SRC, 'tools', `${kebab(name)}.ts`);
  const testPath = join(SRC, 'tools', `${kebab(name)}.test.ts`);
  const load = async (): Promise<Record<string, unknown>> => (await import(`./tools/${kebab(name)}.ts`)) as Record<string, unknown>;
  const factsOf = async (): Promise<FileToolFacts> => {
    const facts = (await load())[`${upper(name)}_FACTS`] as FileToolFacts | undefined;
    if (facts === undefined) throw new Error(`${name}: no ${upper(name)}_FACTS manifest`);
    return facts;
  };

  it('has a facts manifest and a result-marker list', async () => {
    const module = await load();
    expect(module[`${upper(name)}_FACTS`], `${upper(name)}_FACTS`).toBeTypeOf('object');
    expect(module[`${upper(name)}_RESULT_MARKERS`], `${upper(name)}_RESULT_MARKERS`).toBeInstanceOf(Array);
    expect((await factsOf()).resultMarkers).toEqual(module[`${upper(name)}_RESULT_MARKERS`]);
  });

  it('states every manifest number, and every number it states comes from the code', async () => {
    const facts = await factsOf();
    const module = await load();
    const source = readFileSync(modulePath, 'utf8');
    for (const [constant, shown] of Object.entries(facts.numbers)) {
      const value = module[constant];
      if (value !== undefined) {
        expect(typeof value === 'number' && [display(value), String(value)].includes(shown), `${constant} = ${JSON.stringify(value)} shown as ${shown}`).toBe(true);
        // Defined, listed in the manifest, and used at least once more (by behaviour or the text).
        expect(source.match(new RegExp(`\\b${constant}\\b`, 'g'))?.length ?? 0, `${constant} is used by the code`).toBeGreaterThanOrEqual(3);
      }
    }
    for (const variant of variantsOf(name, dir)) {
      let text = modelText(variant.tool);
      for (const [constant, shown] of Object.entries(facts.numbers)) {
        expect(containsNumber(text, shown), `${variant.label}: ${constant} (${shown}) appears`).toBe(true);
      }
      for (const dynamic of variant.dynamicText ?? []) text = text.replaceAll(dynamic, '');
      const allowed = new Set([...Object.values(facts.numbers), ...(variant.dynamicNumbers ?? [])]);
      const constantValues = Object.keys(facts.numbers).map((constant) => module[constant]);
      const stray = numbersIn(text).filter((n) => !allowed.has(n) && !allowed.has(n.replace(/%$/, '')) && !isPercentOf(n, constantValues));
      expect(stray, `${variant.label}: numbers not in the manifest`).toEqual([]);
    }
  });

  it('states every schema default in the parameter description', async () => {
    for (const variant of variantsOf(name, dir)) {
      const properties = (variant.tool.parameters as { properties?: Record<string, JsonSchema> }).properties ?? {};
      for (const [param, schema] of Object.entries(properties)) {
        if (!('default' in schema)) continue;
        const value = String(schema.default);
        const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const pattern = new RegExp(`default:? ['"\`]?${escaped}['"\`]?(?![\\w]|\\.\\d)`);
        expect(String(schema.description), `${variant.label}: ${param} states default ${value}`).toMatch(pattern);
      }
    }
  });

  it('lists every result marker, and its tests produce each one', async () => {
    const facts = await factsOf();
    const texts = variantsOf(name, dir).map((v) => modelText(v.tool)).join('\n');
    expect(existsSync(testPath), `${testPath} exists`).toBe(true);
    // Adjacent literals joined by `+` (a long expectation split over lines) are read as one string.
    const tests = existsSync(testPath) ? readFileSync(testPath, 'utf8').replace(/(['"`])\s*\+\s*\1/g, '') : '';
    const module = await load();
    for (const marker of facts.resultMarkers) {
      expect(texts.includes(marker.trim()), `marker ${JSON.stringify(marker)} is listed in the description`).toBe(true);
      const spellings = [marker, marker.replaceAll('\n', '\\n'), marker.trim(), marker.trim().replaceAll("'", "\\'")];
      // A test may assert through the exported constant that holds the marker instead of a literal.
      const holders = Object.entries(module).filter(([, value]) => typeof value === 'string' && value.includes(marker.trim()));
      const found = spellings.some((s) => tests.includes(s)) || holders.some(([holder]) => new RegExp(`\\b${holder}\\b`).test(tests));
      expect(found, `marker ${JSON.stringify(marker)} occurs in ${kebab(name)}.test.ts`).toBe(true);
    }
  });

  it('contains the required facts and none of the forbidden claims', async () => {
    const facts = await factsOf();
    const variants = variantsOf(name, dir);
    const all = variants.map((v) => modelText(v.tool)).join('\n');
    for (const phrase of facts.requiredPhrases) expect(all, `required: ${phrase}`).toContain(phrase);
    for (const variant of variants) {
      const text = modelText(variant.tool);
      for (const phrase of facts.forbiddenPhrases) expect(text, `${variant.label}: forbidden ${phrase}`).not.toContain(phrase);
      for (const claim of GLOBAL_FORBIDDEN) expect(text, `${variant.label}: forbidden ${String(claim)}`).not.toMatch(claim);
      // `bash -c` only where bash is really the shell in use.
      // (modelText has made run_shell_command create its executor, so `shell` is the one in use.)
      const shell = variant.tool.shell;
      const bashInUse = name === 'run_shell_command' && shell instanceof LocalShellExecutor && shell.shellName === 'bash';
      if (!bashInUse) expect(text, `${variant.label}: claims bash -c`).not.toContain('bash -c');
    }
  });

  it('gives only `**` examples the glob engine can match', async () => {
    const examples = new Set<string>();
    for (const variant of variantsOf(name, dir)) {
      for (const match of modelText(variant.tool).matchAll(/`([^`\s]*\*\*[^`\s]*)`/g)) examples.add(match[1]!);
    }
    for (const example of examples) {
      // A natural instance of the pattern: `**` → two directories, `*` → a name, `?` → a letter, `{a,b}` → a, `[ab]` → a.
      const instance = example
        .replace(/\{([^,}]*)[^}]*\}/g, '$1')
        .replace(/\[!?\^?([^\]])[^\]]*\]/g, '$1')
        .replaceAll('**', 'd1/d2')
        .replaceAll('*', 'name')
        .replaceAll('?', 'q');
      const root = await realpath(await mkdtemp(join(tmpdir(), 'agentao-glob-example-')));
      try {
        await mkdir(join(root, instance, '..'), { recursive: true });
        await writeFile(join(root, instance), '');
        const found = await new LocalFileSystem().glob(root, example);
        expect(found.map((e) => e.path), `example \`${example}\` matches ${instance}`).toContain(instance);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    }
  });
});

describe('run_shell_command names the shell in use, in every configuration', () => {
  it.each([
    ['bash', '`bash -c <command>`'],
    ['sh', '`sh -c <command>`'],
    ['cmd', '`cmd.exe /c <command>`'],
  ] as const)('%s', (shellName, phrase) => {
    const tool = new RunShellCommandTool();
    const executable = shellName === 'cmd' ? 'cmd.exe' : `/bin/${shellName}`;
    tool.shell = new LocalShellExecutor({ shell: { shellName, executable, args: shellName === 'cmd' ? ['/d', '/s', '/c'] : ['-c'] } });
    const text = modelText(tool);
    expect(text).toContain(phrase);
    for (const other of ['bash -c', 'sh -c', 'cmd.exe /c'].filter((p) => !phrase.includes(p))) {
      expect(text.replaceAll(phrase, '')).not.toContain(other);
    }
  });

  it('a host executor', () => {
    const tool = new RunShellCommandTool();
    tool.shell = hostExecutor(true);
    expect(modelText(tool)).toContain("the host's shell executor");
    expect(modelText(tool)).not.toMatch(/bash -c|sh -c|cmd\.exe/);
  });
});

describe('behavioural cross-checks (§7.2.4)', () => {
  const run = async (tool: Tool | undefined, args: Record<string, unknown>): Promise<string> => {
    if (tool === undefined) throw new Error('tool missing');
    return tool.execute(args, ctx(dir));
  };

  it('read_file shows exactly the stated default window of lines', async () => {
    const tools = boundTools(dir);
    await writeFile(join(dir, 'long.txt'), Array.from({ length: 2001 }, (_, i) => `line ${i + 1}`).join('\n'));
    const module = await import('./tools/read-file');
    const result = await run(tools.get('read_file'), { file_path: 'long.txt' });
    expect(result.split('\n').filter((l) => /^ *\d+\t/.test(l))).toHaveLength(module.MAX_LINES_DEFAULT);
    expect(modelText(tools.get('read_file')!)).toContain(display(module.MAX_LINES_DEFAULT));
  });

  it('glob finds nested files with the `**` the description advertises', async () => {
    const tools = boundTools(dir);
    await mkdir(join(dir, 'src', 'lib'), { recursive: true });
    await writeFile(join(dir, 'src', 'lib', 'x.js'), '');
    await writeFile(join(dir, 'src', 'a.js'), '');
    expect(modelText(tools.get('glob')!)).toContain('**');
    const result = await run(tools.get('glob'), { pattern: 'src/**/*.js' });
    expect(result).toContain('src/lib/x.js');
    expect(result).toContain('src/a.js');
  });

  it.runIf(process.platform !== 'win32')('run_shell_command runs the shell its description names', async () => {
    const tool = boundTools(dir).get('run_shell_command') as RunShellCommandTool;
    const result = await run(tool, { command: 'echo "$0"' });
    const shellName = (tool.shell as LocalShellExecutor).shellName;
    expect(result).toBe(`STDOUT:\n${shellName}\n`);
    expect(modelText(tool)).toContain(`\`${shellName} -c <command>\``);
  });

  it.runIf(process.platform !== 'win32')('a background command returns before the command finishes', async () => {
    const marker = join(dir, 'finished');
    const result = await run(boundTools(dir).get('run_shell_command'), { command: `sleep 3; touch '${marker}'`, is_background: true });
    expect(result).toMatch(/^Background process started\.\nPID: \d+/);
    expect(existsSync(marker)).toBe(false);
    const pgid = /^PGID: (\d+)$/m.exec(result)?.[1];
    if (pgid !== undefined) process.kill(-Number(pgid), 'SIGKILL');
  });

  it('replace succeeds through both tolerant tiers it describes', async () => {
    const module = await import('./tools/replace');
    const tool = boundTools(dir).get('replace');
    await writeFile(join(dir, 'ws.txt'), 'a\n    indented line   \nb\n');
    expect(await run(tool, { file_path: 'ws.txt', old_text: 'indented line', new_text: 'changed' })).toContain('Replaced');
    await writeFile(join(dir, 'ws2.txt'), 'a\n    x   =   1\nb\n');
    expect(await run(tool, { file_path: 'ws2.txt', old_text: 'x   =   1  \n', new_text: 'y = 2\n' })).toMatch(/Replaced 1 occurrence\(s\) in ws2\.txt/);
    await writeFile(join(dir, 'ws3.txt'), 'a\n  foo bar  \nb\n');
    expect(await run(tool, { file_path: 'ws3.txt', old_text: 'foo bar\n', new_text: 'baz\n' })).toContain(module.REPLACE_SUFFIX_FLEXIBLE);
    await writeFile(join(dir, 'typo.txt'), 'say “hello” — now\n');
    expect(await run(tool, { file_path: 'typo.txt', old_text: 'say "hello" - now', new_text: 'done' })).toContain(module.REPLACE_SUFFIX_UNICODE);
    const text = modelText(tool!);
    expect(text).toContain('whitespace-tolerant');
    expect(text).toContain('typography-tolerant');
  });

  it('search_file_content stops at the stated match cap', async () => {
    const module = await import('./tools/search-file-content');
    const total = module.SEARCH_MAX_MATCHES + 50;
    await writeFile(join(dir, 'many.txt'), Array.from({ length: total }, () => 'needle').join('\n'));
    const result = await run(boundTools(dir).get('search_file_content'), { pattern: 'needle' });
    expect(result.split('\n').filter((l) => l.startsWith('many.txt:'))).toHaveLength(module.SEARCH_MAX_MATCHES);
    expect(result).toContain(`and ${total - module.SEARCH_MAX_MATCHES} more matches`);
  });
});

describe('web_fetch against a local server', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/page') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end(`<html><body><p>${'word '.repeat(20)}</p><p>Second    part</p></body></html>`);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('y'.repeat(25_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const tool = (): WebFetchTool => new WebFetchTool({ urlPolicy: new UrlPolicy({ allowNetworks: ['127.0.0.1'] }) });

  it('truncates at the stated number of characters', async () => {
    const module = await import('./tools/web-fetch');
    const result = await tool().execute({ url: `${base}/long` }, ctx(dir));
    const body = result.slice(result.indexOf('\n\n') + 2);
    expect(body).toBe(`${'y'.repeat(module.WEB_FETCH_MAX_CHARS)}\n\n[Content truncated...]`);
    expect(modelText(tool())).toContain(`${display(module.WEB_FETCH_MAX_CHARS)} characters`);
  });

  it('uses the stated default of extract_text', async () => {
    const omitted = await tool().execute({ url: `${base}/page` }, ctx(dir));
    expect(await tool().execute({ url: `${base}/page`, extract_text: true }, ctx(dir))).toBe(omitted);
    expect(await tool().execute({ url: `${base}/page`, extract_text: false }, ctx(dir))).not.toBe(omitted);
  });
});

describe('stated defaults are the ones execute uses (§7.2.2)', () => {
  /** Base arguments and a fixture per tool; each call gets a fresh copy of the fixture. */
  const cases: Record<string, { args: Record<string, unknown>; fixture: Record<string, string> }> = {
    read_file: { args: { file_path: 'f.txt' }, fixture: { 'f.txt': 'one\ntwo\nthree\n' } },
    write_file: { args: { file_path: 'f.txt', content: 'new' }, fixture: { 'f.txt': 'old' } },
    replace: { args: { file_path: 'f.txt', old_text: 'foo', new_text: 'bar' }, fixture: { 'f.txt': 'foo\nfoo\n' } },
    list_directory: { args: {}, fixture: { 'a.txt': '', 'sub/b.txt': '' } },
    glob: { args: { pattern: '*.txt' }, fixture: { 'a.txt': '', 'sub/b.txt': '' } },
    search_file_content: { args: { pattern: 'h.llo' }, fixture: { 'a.txt': 'hello\nHELLO\nh.llo\n', 'sub/b.txt': 'h.llo\n' } },
    run_shell_command: { args: { command: 'pwd; ls' }, fixture: { 'a.txt': '' } },
  };

  const withFixture = async (fixture: Record<string, string>, call: (tool: Map<string, Tool>) => Promise<string>): Promise<string> => {
    const root = await realpath(await mkdtemp(join(tmpdir(), 'agentao-defaults-')));
    try {
      for (const [path, content] of Object.entries(fixture)) {
        await mkdir(join(root, path, '..'), { recursive: true });
        await writeFile(join(root, path), content);
      }
      // The working directory differs per call, so results are compared with it replaced.
      return (await call(boundTools(root))).replaceAll(root, '<root>');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  };

  it.each(Object.entries(cases))('%s', async (name, { args, fixture }) => {
    if (name === 'run_shell_command' && process.platform === 'win32') return;
    const properties = (boundTools(dir).get(name)!.parameters as { properties: Record<string, { default?: unknown }> }).properties;
    const defaults = Object.entries(properties).filter(([, schema]) => 'default' in schema);
    expect(defaults.length).toBeGreaterThan(0);
    const omitted = await withFixture(fixture, async (tools) => tools.get(name)!.execute(args, ctx(dir)));
    for (const [param, schema] of defaults) {
      const explicit = await withFixture(fixture, async (tools) => tools.get(name)!.execute({ ...args, [param]: schema.default }, ctx(dir)));
      expect(explicit, `${name}: ${param} given as its default ${JSON.stringify(schema.default)}`).toBe(omitted);
    }
  });

  it('ask_user (hints reach the transport with the stated defaults)', async () => {
    const seen: (AskUserHints | undefined)[] = [];
    const inner = new AskUserTool();
    // A pass-through tool with a schema without defaults, so the runtime's validation cannot fill them in.
    const raw = defineTool({
      name: 'raw_ask',
      description: 'test only',
      parameters: { type: 'object', properties: {}, additionalProperties: true },
      execute: (args: Record<string, unknown>, c: ToolContext) => inner.execute(args, c),
    });
    const properties = (inner.parameters as { properties: Record<string, { default?: unknown }> }).properties;
    const explicit = Object.fromEntries(Object.entries(properties).filter(([, s]) => 'default' in s).map(([k, s]) => [k, s.default]));
    const replies: LLMResponse[] = [
      {
        content: null,
        toolCalls: [
          { id: 'c1', type: 'function', function: { name: 'raw_ask', arguments: JSON.stringify({ question: 'q' }) } },
          { id: 'c2', type: 'function', function: { name: 'raw_ask', arguments: JSON.stringify({ question: 'q', ...explicit }) } },
        ],
        reasoningContent: null,
        finishReason: 'tool_calls',
        usage: null,
      },
      { content: 'ok', toolCalls: [], reasoningContent: null, finishReason: 'stop', usage: null },
    ];
    let next = 0;
    const llm: LLMClient = { model: 'fake', complete: async () => replies[next++]! };
    const transport = new SdkTransport({ askUser: (_q: string, hints?: AskUserHints) => (seen.push(hints), 'a') });
    const agent = new Agentao({ workingDirectory: dir, llm, transport, extraTools: [raw] });
    await agent.chat('go');
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual(seen[1]);
  });
});
