// The documentation demo: a tea shop's support assistant on Agentao. Offline (scripted mock model)
// by default; an interactive chat against a real model when OPENAI_API_KEY is set. See ../README.md.
import { type AgentEvent, type LLMClient, type Logger, OpenAIChatClient, SdkTransport } from '@agentao/core';
import { input } from '@inquirer/prompts';
import { startMockOpenAI, type MockOpenAI } from '@agentao/testing';
import pc from 'picocolors';
import { parseDemoOptions, USAGE, type DemoOptions } from './cli-options';
import { autoConfirmer, type Confirmer, lineConfirmer, terminalConfirmer } from './confirm';
import { LineReader } from './line-reader';
import { makeAgentForTenant } from './make-shop-agent';
import { INTERACTIVE_SCRIPT, TOUR_REFUND_ORDER, TOUR_SCRIPT, TOUR_USER_MESSAGE } from './offline-script';
import { EventRenderer } from './render-events';
import { DEMO_TENANT_ID, ShopDatabase } from './shop-db';
import { ensureShopPolicies } from './shop-policies';
import { renderSummary, RunStats } from './summary';

function readOptions(): DemoOptions {
  try {
    return parseDemoOptions(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    process.exit(2);
  }
}

const options = readOptions();
if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const interactiveTTY = process.stdin.isTTY === true;
// With --json, stdout carries only events; every human line goes to stderr.
const human = options.json ? process.stderr : process.stdout;
const stats = new RunStats();
// A terminal that reports no width (a pty without a window size) would make the spinner's redraw
// clear lines forever, so it only spins on a terminal with a known width.
const spinner = !options.json && process.stderr.isTTY === true && (process.stderr.columns ?? 0) > 0;
const renderer = new EventRenderer(human, { spinner, isParallel: (id) => stats.isParallel(id) });
const say = (text: string): void => renderer.line(text);

ensureShopPolicies(options.dataDir);
const backend = new ShopDatabase(options.dataDir);
say(pc.dim(`shop data: ${options.dataDir} (${backend.seeded ? 'created and seeded just now' : 'reused from an earlier run'})`));

let mock: MockOpenAI | null = null;
let llm: LLMClient;
if (options.offline) {
  mock = await startMockOpenAI(options.mode === 'tour' ? TOUR_SCRIPT : INTERACTIVE_SCRIPT);
  llm = new OpenAIChatClient({ model: 'scripted-demo', apiKey: 'offline', baseURL: mock.baseURL });
  say(pc.bold(pc.yellow('Offline: the model is scripted. Its replies are fixed in src/offline-script.ts and served by a local mock OpenAI-compatible server;')));
  say(pc.bold(pc.yellow('everything else (tools, SQLite, permissions, sub-agent, normalizer) is the real framework.')));
} else {
  llm = new OpenAIChatClient({ model: options.model, apiKey: options.apiKey ?? undefined, baseURL: options.baseURL ?? undefined });
  say(pc.bold(`Live: talking to ${options.model}${options.baseURL ? ` at ${options.baseURL}` : ''}.`));
}

const lines = interactiveTTY ? null : new LineReader(process.stdin);
let confirmer: Confirmer;
if (interactiveTTY) confirmer = terminalConfirmer(renderer);
else if (options.mode === 'interactive' && lines) confirmer = lineConfirmer(renderer, lines);
else confirmer = autoConfirmer(renderer);

const logger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (message) => {
    stats.noteWarning(message);
    renderer.warning(message);
  },
  error: (message) => renderer.line(pc.red(`  error: ${message}`)),
};

const agent = makeAgentForTenant({
  dataDir: options.dataDir,
  tenantId: DEMO_TENANT_ID,
  backend,
  llm,
  logger,
  transport: new SdkTransport({
    onEvent: (event: AgentEvent) => {
      stats.observe(event);
      if (options.json) process.stdout.write(`${JSON.stringify(event)}\n`);
      else renderer.render(event);
    },
    confirmTool: (tool, _description, args) => confirmer(tool, args),
  }),
});

let turn: AbortController | null = null;
process.on('SIGINT', () => {
  if (turn && !turn.signal.aborted) {
    turn.abort('user-cancel');
    say(pc.yellow('  cancelling this turn… (Ctrl-C again to exit)'));
    return;
  }
  say(`\n${renderSummary(stats.summary())}`);
  say(pc.dim('bye'));
  process.exit(130);
});

async function chat(message: string): Promise<void> {
  turn = new AbortController();
  try {
    const answer = await agent.chat(message, { signal: turn.signal });
    // Streamed already as llm_text; print it only when nothing was streamed (e.g. a cancelled turn).
    if (agent.lastTurn?.status !== 'ok') say(pc.dim(`  (${answer})`));
  } finally {
    turn = null;
  }
}

async function nextUserMessage(): Promise<string | null> {
  if (lines) {
    const line = await lines.next();
    if (line !== null) say(`${pc.bold('you')}: ${line}`);
    return line;
  }
  renderer.pause();
  try {
    return await input({ message: 'you:' });
  } catch {
    return null; // Ctrl-C or Ctrl-D at the prompt
  }
}

try {
  if (options.mode === 'tour') {
    if (backend.undoRefund(DEMO_TENANT_ID, TOUR_REFUND_ORDER.id, TOUR_REFUND_ORDER.statusBefore)) {
      say(pc.dim(`(undid the refund of ${TOUR_REFUND_ORDER.id} from an earlier tour, so this run can make it again)`));
    }
    say(`\n${pc.bold('customer')}: ${TOUR_USER_MESSAGE}`);
    await chat(TOUR_USER_MESSAGE);
  } else {
    say(pc.dim(`Chat as customer c-42. Empty line or /exit ends; Ctrl-C cancels a running turn.${lines ? ' Without a terminal, each stdin line is a message, and the line after a confirmation question is its answer.' : ''}`));
    for (;;) {
      const message = await nextUserMessage();
      if (message === null || message.trim() === '/exit') break;
      if (message.trim() === '') continue;
      await chat(message);
    }
  }
} finally {
  say(`\n${renderSummary(stats.summary())}`);
  await agent.close();
  await mock?.close();
  backend.close();
}
process.exit(0);
