import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { reply, startMockOpenAI, toolCall } from '@agentao/testing';
import { TOUR_FINAL_ANSWER } from './offline-script';

const run = promisify(execFile);
const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const ENV = { ...process.env, OPENAI_API_KEY: '', NO_COLOR: '1', FORCE_COLOR: '0' };
const dirs: string[] = [];

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agentao-demo-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function tour(dataDir: string, extra: string[] = []): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ['--import', 'tsx', 'src/main.ts', '--data-dir', dataDir, ...extra], { cwd: APP_DIR, env: ENV, timeout: 90_000 });
}

/** Runs the app with piped stdin (not a TTY), as a user piping answers would. */
function piped(args: string[], input: string): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], { cwd: APP_DIR, env: ENV, stdio: ['pipe', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, code }));
    child.stdin.end(input);
  });
}

function refunds(dataDir: string): { id: string; order_id: string; amount_cents: number; reason: string }[] {
  const db = new Database(join(dataDir, 'shop.db'), { readonly: true });
  try {
    return db.prepare('SELECT id, order_id, amount_cents, reason FROM refunds ORDER BY id').all() as never;
  } finally {
    db.close();
  }
}

describe('offline tour (subprocess, stdin not a TTY)', () => {
  it('shows every milestone, writes the refund and ends with the summary table', async () => {
    const dataDir = tempDataDir();
    const { stdout } = await tour(dataDir);
    expect(stdout).toContain('created and seeded just now');
    expect(stdout).toContain('the model is scripted');
    // A parallel batch of read-only calls (the later calls of the batch start while the first runs).
    expect(stdout).toMatch(/→ read_file \{"file_path":"policies\/refunds\.md".*\[parallel\]/);
    expect(stdout).toMatch(/→ search_file_content .*\[parallel\]/);
    expect(stdout).toContain('refunds.md:4:- Items that arrive broken'); // the built-in search found the policy line
    expect(stdout).toContain('⛔ read_file denied by the permission engine: injected:tenant-acme:read_file');
    expect(stdout).toContain('✗ read_file cancelled: denied by permission policy');
    expect(stdout).toContain("Tool name 'CreateRefundTool' repaired to 'create_refund'");
    expect(stdout).toContain("Tool 'create_refund': arguments repaired via python-literal");
    expect(stdout).toContain('? Allow create_refund {"order_id":"A-1001","reason":"arrived broken"}? yes (auto-approved: stdin is not a terminal)');
    expect(stdout).toContain("⇢ delegating to sub-agent 'analyst'");
    expect(stdout).toMatch(/→ \[analyst 1\/8\] sql_query/);
    expect(stdout).toContain("⇠ sub-agent 'analyst' completed: 2 turns, 3 tool calls");
    expect(stdout).toContain(`agent: ${TOUR_FINAL_ANSWER}`);
    const table = stdout.slice(stdout.lastIndexOf('run summary'));
    expect(table).toMatch(/turns\s+│ 1 /);
    expect(table).toMatch(/tool calls\s+│ 6 \(\+3 by the sub-agent\)/);
    expect(table).toMatch(/batches run in parallel\s+│ 2 /);
    expect(table).toMatch(/batches run one by one\s+│ 3 /);
    expect(table).toMatch(/repairs by the normalizer\s+│ 2 /);
    expect(table).toMatch(/confirmations\s+│ 1 \(0 declined\)/);
    expect(stdout.trimEnd().endsWith('┘')).toBe(true);
    expect(refunds(dataDir)).toEqual([{ id: 'RF-A-1001', order_id: 'A-1001', amount_cents: 4990, reason: 'arrived broken' }]);

    // A second run reuses the database, undoes the earlier tour's refund and makes it again.
    const again = await tour(dataDir);
    expect(again.stdout).toContain('reused from an earlier run');
    expect(again.stdout).toContain('undid the refund of A-1001');
    expect(refunds(dataDir)).toHaveLength(1);
  }, 180_000);

  it('--json prints the raw events as JSON lines on stdout', async () => {
    const { stdout, stderr } = await tour(tempDataDir(), ['--json']);
    const events = stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; tool?: string });
    expect(events[0]?.type).toBe('turn_begin');
    expect(events.at(-1)?.type).toBe('turn_end');
    expect(events.filter((e) => e.type === 'tool_start').map((e) => e.tool)).toContain('create_refund');
    expect(stderr).toContain('the model is scripted');
    expect(stderr).toContain('run summary');
  }, 120_000);

  it('refuses an unknown flag with the usage text', async () => {
    await expect(tour(tempDataDir(), ['--nope'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: pnpm demo') });
  }, 60_000);
});

describe('live mode (OPENAI_API_KEY set) against an OpenAI-compatible endpoint', () => {
  it('talks to OPENAI_BASE_URL with the key and AGENTAO_MODEL, streams, and runs the real tools', async () => {
    const endpoint = await startMockOpenAI([
      reply('', { toolCalls: [toolCall('get_customer_orders', { customer_id: 'c-42', status: 'shipped' })] }),
      reply('Order A-1002 has shipped.'),
    ]);
    try {
      const dataDir = tempDataDir();
      const env = { ...ENV, OPENAI_API_KEY: 'sk-live-test', OPENAI_BASE_URL: endpoint.baseURL, AGENTAO_MODEL: 'my-model' };
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--data-dir', dataDir], { cwd: APP_DIR, env, stdio: ['pipe', 'pipe', 'inherit'] });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const code = await new Promise<number | null>((resolve, reject) => {
        child.on('error', reject);
        child.on('close', resolve);
        child.stdin.end('where is my order?\n');
      });
      expect(code).toBe(0);
      expect(stdout).toContain(`Live: talking to my-model at ${endpoint.baseURL}.`);
      expect(stdout).not.toContain('scripted');
      expect(stdout).toContain('agent: Order A-1002 has shipped.');
      const [first, second] = endpoint.requests;
      expect(first?.headers.authorization).toBe('Bearer sk-live-test');
      expect(first?.body).toMatchObject({ model: 'my-model', stream: true });
      const tools = (first?.body.tools as { function: { name: string } }[]).map((tool) => tool.function.name).sort();
      expect(tools).toEqual(['agent_analyst', 'create_refund', 'get_customer_orders', 'list_directory', 'read_file', 'search_file_content', 'sql_query', 'sql_schema']);
      // The tool really ran against the shop database: its JSON is in the second request.
      const answer = (second?.body.messages as { role: string; content: string }[]).find((message) => message.role === 'tool');
      expect(JSON.parse(answer?.content ?? '{}')).toMatchObject({ status: 'ok', orders: [{ id: 'A-1002', status: 'shipped' }] });
    } finally {
      await endpoint.close();
    }
  }, 120_000);
});

describe('interactive mode against the mock server (piped stdin)', () => {
  it('answers each line, reads the confirmation answer from stdin, and a declined refund writes nothing', async () => {
    const dataDir = tempDataDir();
    const { stdout, code } = await piped(['--offline', '--interactive', '--data-dir', dataDir], 'where is my order?\nrefund A-1002 please\nn\n');
    expect(code).toBe(0);
    expect(stdout).toContain('the model is scripted');
    expect(stdout).toContain('you: where is my order?');
    expect(stdout).toContain('agent: Your tea sampler (order A-1002) has shipped');
    expect(stdout).toContain('? Allow create_refund {"order_id":"A-1002","reason":"changed my mind"}? [y/N] (answer read from stdin)');
    expect(stdout).toContain('declined ("n")');
    expect(stdout).toContain('✗ create_refund cancelled: cancelled by user');
    expect(stdout).toContain('agent: Understood: I did not refund order A-1002.');
    expect(stdout).toMatch(/confirmations\s+│ 1 \(1 declined\)/);
    expect(stdout).toMatch(/turns\s+│ 2 /);
    expect(refunds(dataDir)).toEqual([]);
  }, 120_000);

  it('Ctrl-C cancels the running turn and the chat goes on; Ctrl-C with no turn running exits', async () => {
    const dataDir = tempDataDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--offline', '--interactive', '--data-dir', dataDir], {
      cwd: APP_DIR,
      env: ENV,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let stdout = '';
    const seen = (text: string, times = 1): Promise<void> =>
      new Promise((resolve) => {
        const check = (): void => {
          if (stdout.split(text).length > times) {
            child.stdout.off('data', check);
            resolve();
          }
        };
        child.stdout.on('data', check);
        check();
      });
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    child.stdin.write('where is my order?\nrefund A-1002 please\nn\ntell me more\n');
    await seen('you: tell me more'); // the third turn waits on the slow scripted reply
    child.kill('SIGINT');
    await seen('turn cancelled: user-cancel');
    expect(stdout).toContain('cancelling this turn… (Ctrl-C again to exit)');
    expect(stdout).not.toContain('Sorry for the wait');
    // The chat loop is still alive: the next line starts another (slow) turn; a Ctrl-C cancels it
    // and the next one, with no turn running, leaves.
    child.stdin.write('again\n');
    await seen('you: again');
    child.kill('SIGINT');
    await seen('turn cancelled: user-cancel', 2);
    child.kill('SIGINT');
    expect(await closed).toBe(130);
    expect(stdout.trimEnd().endsWith('bye')).toBe(true);
    expect(stdout).toMatch(/turns\s+│ 4 /);
    expect(stdout).not.toContain('Sorry again');
  }, 120_000);
});

// util-linux `script` (Debian's essential bsdutils) runs the demo on a real pseudo-terminal, so the
// confirmation is asked by @inquirer/prompts exactly as a person at a terminal sees it.
const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;
const shellQuote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/** Runs the offline tour on a pty (no window size set), typing `answer` at the confirmation prompt. */
function onTerminal(dataDir: string, answer: string): Promise<{ screen: string; code: number | null }> {
  const command = [process.execPath, '--import', 'tsx', 'src/main.ts', '--data-dir', dataDir].map(shellQuote).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: APP_DIR, env: ENV, stdio: ['pipe', 'pipe', 'inherit'] });
    let screen = '';
    let answered = false;
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString();
      if (!answered && screen.includes('Allow create_refund')) {
        answered = true;
        child.stdin.write(`${answer}\r`);
      }
    });
    child.on('error', reject);
    // Keep stdin open until the end: script ends the session when its input closes.
    child.on('close', (code) => resolve({ screen: stripVTControlCharacters(screen), code }));
    setTimeout(() => child.stdin.end(), 90_000).unref();
  });
}

describe.skipIf(!hasScript)('offline tour on a terminal (a real pty via `script`)', () => {
  it('asks before the refund; "n" writes nothing and the final answer says the refund was not made', async () => {
    const dataDir = tempDataDir();
    const { screen, code } = await onTerminal(dataDir, 'n');
    expect(code).toBe(0);
    expect(screen).toContain('Allow create_refund {"order_id":"A-1001","reason":"arrived broken"}?');
    expect(screen).not.toContain('auto-approved');
    expect(screen).toContain('✗ create_refund cancelled: cancelled by user');
    expect(screen).toContain('c-42: 3 orders, 129.40 EUR in total, 0.00 EUR refunded (net 129.40 EUR).');
    expect(screen).toContain('agent: I\'m sorry the kettle arrived broken. I have not refunded order A-1001, because the refund was not approved;');
    expect(screen).not.toContain("I've refunded");
    expect(screen).toMatch(/confirmations\s+│ 1 \(1 declined\)/);
    expect(refunds(dataDir)).toEqual([]);
  }, 120_000);

  it('"y" makes the refund, and the answer reports the figures the real query returned', async () => {
    const dataDir = tempDataDir();
    const { screen, code } = await onTerminal(dataDir, 'y');
    expect(code).toBe(0);
    expect(screen).toContain('c-42: 3 orders, 129.40 EUR in total, 49.90 EUR refunded (net 79.50 EUR).');
    expect(screen).toContain(`agent: ${TOUR_FINAL_ANSWER}`);
    expect(refunds(dataDir)).toEqual([{ id: 'RF-A-1001', order_id: 'A-1001', amount_cents: 4990, reason: 'arrived broken' }]);
  }, 120_000);
});
