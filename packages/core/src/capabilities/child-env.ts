/** Provider credentials of the harness itself, removed from a child's inherited environment. */
export const SCRUBBED_ENV_KEYS: readonly string[] = Object.freeze([
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GEMINI_API_KEY',
  'AZURE_OPENAI_API_KEY',
  'DEEPSEEK_API_KEY',
  'MOONSHOT_API_KEY',
  'GROQ_API_KEY',
  'MISTRAL_API_KEY',
  'OPENROUTER_API_KEY',
  'XAI_API_KEY',
  'LLM_API_KEY',
  'LLM_EXTRA_BODY',
]);

/** The variable whose value (`<PROVIDER>`) adds `<PROVIDER>_API_KEY` to the scrubbed keys. */
export const LLM_PROVIDER_ENV = 'LLM_PROVIDER';

/** Setting this to `0`, `false`, `no` or `off` (any case) turns scrubbing off: full inheritance. */
export const SCRUB_CHILD_ENV_OPT_OUT = 'AGENTAO_SCRUB_CHILD_ENV';

const OPT_OUT_VALUES = new Set(['0', 'false', 'no', 'off']);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The keys `scrubChildEnv` removes from `env` (the fixed list plus the `LLM_PROVIDER` one). */
export function scrubbedKeysFor(env: Readonly<Record<string, string | undefined>>): Set<string> {
  const keys = new Set(SCRUBBED_ENV_KEYS);
  const provider = env[LLM_PROVIDER_ENV]?.trim();
  if (provider !== undefined && IDENTIFIER.test(provider)) keys.add(`${provider.toUpperCase()}_API_KEY`);
  return keys;
}

/**
 * The environment a child process inherits: `env` minus the harness's provider credentials (unset
 * values dropped). `GOOGLE_API_KEY` and the user's other secrets are kept. When
 * `AGENTAO_SCRUB_CHILD_ENV` in `env` is `0`/`false`/`no`/`off`, nothing is removed.
 */
export function scrubChildEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const optOut = env[SCRUB_CHILD_ENV_OPT_OUT];
  const scrub = optOut === undefined || !OPT_OUT_VALUES.has(optOut.trim().toLowerCase());
  const removed = scrub ? scrubbedKeysFor(env) : new Set<string>();
  const child: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && !removed.has(key)) child[key] = value;
  }
  return child;
}
