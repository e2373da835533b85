import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('offline demo', () => {
  it('runs end to end without a TTY and shows each milestone', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, OPENAI_API_KEY: '', NO_COLOR: '1' },
      timeout: 60_000,
    });
    expect(stdout).toContain('the model is scripted');
    expect(stdout).toContain('→ get_customer_orders {"customer_id":"c-42"}');
    expect(stdout).toContain('? confirm create_refund {"order_id":"A-1002"}');
    expect(stdout).toContain('agent: Your order A-1001 has shipped');
    expect(stdout).toContain('Summary: 3 tool calls, 1 confirmation, status ok.');
  }, 90_000);
});
