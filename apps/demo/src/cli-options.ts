import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** Model used against a real endpoint when AGENTAO_MODEL is not set. */
export const DEFAULT_MODEL = 'gpt-4.1-mini';
/** The demo's default data folder (gitignored): apps/demo/data. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data', import.meta.url));

/** Usage text of `pnpm demo -- --help`. */
export const USAGE = `Usage: pnpm demo [-- options]

Without OPENAI_API_KEY: an offline, scripted tour against a local mock model.
With OPENAI_API_KEY (optional OPENAI_BASE_URL, AGENTAO_MODEL): an interactive chat with the real model.

Options:
  --offline        use the scripted mock model even when OPENAI_API_KEY is set
  --interactive    chat (with the mock model when offline: it answers a short scripted session)
  --json           print the raw agent events as JSON lines on stdout (everything else on stderr)
  --data-dir DIR   where the shop database and policy files live (default apps/demo/data)
  -h, --help       show this help`;

/** What the command line and environment ask for. */
export interface DemoOptions {
  mode: 'tour' | 'interactive';
  offline: boolean;
  json: boolean;
  help: boolean;
  dataDir: string;
  apiKey: string | null;
  baseURL: string | null;
  model: string;
}

/** Reads argv and the OPENAI_* / AGENTAO_MODEL environment; throws on an unknown flag. */
export function parseDemoOptions(argv: string[], env: NodeJS.ProcessEnv): DemoOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      offline: { type: 'boolean', default: false },
      interactive: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const apiKey = env.OPENAI_API_KEY?.trim() ? env.OPENAI_API_KEY.trim() : null;
  const offline = values.offline || apiKey === null;
  return {
    mode: values.interactive || !offline ? 'interactive' : 'tour',
    offline,
    json: values.json,
    help: values.help,
    dataDir: resolve(values['data-dir'] ?? env.AGENTAO_DEMO_DATA ?? DEFAULT_DATA_DIR),
    apiKey,
    baseURL: env.OPENAI_BASE_URL?.trim() ? env.OPENAI_BASE_URL.trim() : null,
    model: env.AGENTAO_MODEL?.trim() ? env.AGENTAO_MODEL.trim() : DEFAULT_MODEL,
  };
}
