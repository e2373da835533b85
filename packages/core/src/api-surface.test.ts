import { describe, expect, it } from 'vitest';

describe('@agentao/core public API', () => {
  it('exports exactly the documented names', async () => {
    const keys = Object.keys(await import('./index')).sort();
    expect(keys).toMatchSnapshot();
  });

  it('keeps the internal seams off the root entry', async () => {
    const root = await import('./index');
    expect(Object.keys(root)).not.toContain('AGENT_INTERNALS');
    expect(Object.keys(await import('./internal'))).toContain('AGENT_INTERNALS');
  });

  it('loads the openai SDK lazily, from one module only', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '.');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const importers = files.filter((file) => /from 'openai'|import\('openai'\)/.test(readFileSync(join(root, file), 'utf8')));
    expect(importers).toEqual(['llm/openai-chat-client.ts']);
    const source = readFileSync(join(root, 'llm/openai-chat-client.ts'), 'utf8');
    expect(source).not.toMatch(/^import (?!type )[^;]*from 'openai'/m);
  });
});
