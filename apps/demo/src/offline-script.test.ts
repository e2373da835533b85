import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ToolContext } from '@agentao/core';
import { createSqliteTools } from '@agentao/tool-sqlite';
import { describe, expect, it } from 'vitest';
import { analystResultText, parseAnalystResult, TOUR_FINAL_ANSWER, TOUR_SCRIPT, tourFinalAnswer } from './offline-script';
import { DEMO_TENANT_ID, ShopDatabase } from './shop-db';

describe('offline tour script', () => {
  it("states numbers the analyst's real SQL query returns after the refund", () => {
    const dir = mkdtempSync(join(tmpdir(), 'tour-script-'));
    const db = new ShopDatabase(dir);
    try {
      db.createRefund({ tenantId: DEMO_TENANT_ID, orderId: 'A-1001', reason: 'arrived broken' });
      const call = TOUR_SCRIPT.flatMap((r) => (typeof r === 'function' ? [] : (r.toolCalls ?? []))).find((c) => c.name === 'sql_query')!;
      const [query] = createSqliteTools(db.path);
      const result = JSON.parse(query.execute(JSON.parse(call.arguments) as Record<string, unknown>, {} as ToolContext)) as { rows: unknown[][] };
      expect(result.rows).toEqual([[3, 129.4, 49.9]]);
      expect(TOUR_FINAL_ANSWER).toContain('129.40 EUR');
      expect(TOUR_FINAL_ANSWER).toContain('79.50 EUR');
      query.close();
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the analyst result back to the figures it was written from', () => {
    const figures = { orders: 3, spent: 129.4, refunded: 49.9 };
    expect(analystResultText(figures)).toBe('c-42: 3 orders, 129.40 EUR in total, 49.90 EUR refunded (net 79.50 EUR).');
    expect(parseAnalystResult(`${analystResultText(figures)} [analyst: 2 turns, 3 tool calls, 20ms]`)).toEqual(figures);
    expect(parseAnalystResult('Sub-agent failed: LLM API error')).toBeNull();
  });

  it('never reports a refund that was declined or failed', () => {
    const figures = { orders: 3, spent: 129.4, refunded: 0 };
    const declined = tourFinalAnswer({ kind: 'declined' }, figures);
    expect(declined).toContain('I have not refunded order A-1001');
    expect(declined).toContain('Across your 3 orders you have spent 129.40 EUR.');
    expect(declined).not.toMatch(/I've refunded|after this refund/);
    const failed = tourFinalAnswer({ kind: 'failed', message: 'order A-1001 was already refunded' }, null);
    expect(failed).toBe("I'm sorry the kettle arrived broken. I could not refund order A-1001: order A-1001 was already refunded. I could not look up your spending just now.");
  });
});
