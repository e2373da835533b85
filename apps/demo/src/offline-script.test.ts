import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ToolContext } from '@agentao/core';
import { createSqliteTools } from '@agentao/tool-sqlite';
import { describe, expect, it } from 'vitest';
import { TOUR_FINAL_ANSWER, TOUR_SCRIPT } from './offline-script';
import { DEMO_TENANT_ID, ShopDatabase } from './shop-db';

describe('offline tour script', () => {
  it("states numbers the analyst's real SQL query returns after the refund", () => {
    const dir = mkdtempSync(join(tmpdir(), 'tour-script-'));
    const db = new ShopDatabase(dir);
    try {
      db.createRefund({ tenantId: DEMO_TENANT_ID, orderId: 'A-1001', reason: 'arrived broken' });
      const call = TOUR_SCRIPT.flatMap((r) => r.toolCalls ?? []).find((c) => c.name === 'sql_query')!;
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
});
