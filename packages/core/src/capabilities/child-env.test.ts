import { describe, expect, it } from 'vitest';

import { SCRUBBED_ENV_KEYS, scrubChildEnv, scrubbedKeysFor } from './child-env';

describe('scrubChildEnv', () => {
  const parent = {
    PATH: '/usr/bin',
    OPENAI_API_KEY: 'sk-1',
    ANTHROPIC_API_KEY: 'a',
    LLM_EXTRA_BODY: '{}',
    GOOGLE_API_KEY: 'g',
    AWS_SECRET_ACCESS_KEY: 'aws',
    DATABASE_URL: 'postgres://x',
    UNSET: undefined,
  };

  it('removes the harness credentials and keeps everything else', () => {
    expect(scrubChildEnv(parent)).toEqual({
      PATH: '/usr/bin',
      GOOGLE_API_KEY: 'g',
      AWS_SECRET_ACCESS_KEY: 'aws',
      DATABASE_URL: 'postgres://x',
    });
  });

  it('lists exactly the spec keys', () => {
    expect(SCRUBBED_ENV_KEYS).toEqual([
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
  });

  it('adds <LLM_PROVIDER>_API_KEY for an identifier-like provider only', () => {
    expect(scrubChildEnv({ LLM_PROVIDER: 'acme', ACME_API_KEY: 's', KEEP: '1' })).toEqual({ LLM_PROVIDER: 'acme', KEEP: '1' });
    expect(scrubbedKeysFor({ LLM_PROVIDER: 'my-provider' }).has('MY-PROVIDER_API_KEY')).toBe(false);
    expect(scrubbedKeysFor({ LLM_PROVIDER: '../x' }).size).toBe(SCRUBBED_ENV_KEYS.length);
  });

  it.each(['0', 'false', 'No', 'OFF'])('is turned off by AGENTAO_SCRUB_CHILD_ENV=%s', (value) => {
    expect(scrubChildEnv({ ...parent, AGENTAO_SCRUB_CHILD_ENV: value })).toMatchObject({ OPENAI_API_KEY: 'sk-1', LLM_EXTRA_BODY: '{}' });
  });

  it('keeps scrubbing for any other opt-out value', () => {
    expect(scrubChildEnv({ ...parent, AGENTAO_SCRUB_CHILD_ENV: '1' })).not.toHaveProperty('OPENAI_API_KEY');
  });
});
