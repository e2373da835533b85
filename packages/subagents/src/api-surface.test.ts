import { expect, it } from 'vitest';

it('exports exactly the documented runtime names', async () => {
  const keys = Object.keys(await import('./index')).sort();
  expect(keys).toMatchInlineSnapshot(`
    [
      "parseAgentDefinition",
      "subagents",
    ]
  `);
});
