import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkToolContract } from '@agentao/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID, ShopDatabase } from './shop-db';
import { CreateRefundTool, GetCustomerOrdersTool, ORDERS_MAX_LIMIT } from './shop-tools';

let dir: string;
let db: ShopDatabase;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-tools-'));
  db = new ShopDatabase(dir);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const parse = (text: string): any => JSON.parse(text);

describe('get_customer_orders', () => {
  it('pages with has_more / next_offset and clamps limit to the maximum', () => {
    const tool = new GetCustomerOrdersTool(db, DEMO_TENANT_ID);
    const first = parse(tool.execute({ customer_id: 'c-42', limit: 2 }));
    expect(first.orders.map((o: any) => o.id)).toEqual(['A-1003', 'A-1002']);
    expect(first).toMatchObject({ status: 'ok', total_count: 3, has_more: true, next_offset: 2 });
    const second = parse(tool.execute({ customer_id: 'c-42', limit: 2, offset: 2 }));
    expect(second).toMatchObject({ orders: [{ id: 'A-1001', total: 49.9 }], has_more: false, next_offset: null });
    const huge = parse(tool.execute({ customer_id: 'c-42', limit: 99_999 }));
    expect(huge.orders).toHaveLength(3);
    expect(ORDERS_MAX_LIMIT).toBe(50);
  });

  it('sees only its own tenant', () => {
    const other = new GetCustomerOrdersTool(db, 'another-shop');
    expect(parse(other.execute({ customer_id: 'c-42' }))).toMatchObject({ status: 'ok', orders: [], total_count: 0 });
  });

  it('passes the tool contract checker', async () => {
    const result = await checkToolContract(new GetCustomerOrdersTool(db, DEMO_TENANT_ID), { sampleArgs: [{ customer_id: 'c-42' }] });
    expect(result.problems).toEqual([]);
  });
});

describe('create_refund', () => {
  it('writes one refund and marks the order refunded', () => {
    const tool = new CreateRefundTool(db, DEMO_TENANT_ID);
    expect(parse(tool.execute({ order_id: 'A-1001', reason: 'broken' }))).toMatchObject({ status: 'ok', refund: { refund_id: 'RF-A-1001', amount: 49.9 } });
    expect(parse(tool.execute({ order_id: 'A-1001', reason: 'broken' }))).toEqual({ status: 'error', message: "Order 'A-1001' is already refunded." });
  });

  it('re-validates inside execute and answers every refusal as {status:"error"}', () => {
    const tool = new CreateRefundTool(db, DEMO_TENANT_ID);
    expect(parse(tool.execute({ order_id: 'A-1003', reason: 'x' })).message).toContain('has not shipped yet');
    expect(parse(tool.execute({ order_id: 'A-9999', reason: 'x' })).message).toBe("No order 'A-9999' in this shop.");
    expect(parse(tool.execute({ order_id: 'DROP TABLE', reason: 'x' })).message).toContain('order_id must look like');
    expect(parse(tool.execute({ order_id: 'A-1001', reason: '   ' })).message).toContain('reason must be');
    expect(parse(new CreateRefundTool(db, 'another-shop').execute({ order_id: 'A-1001', reason: 'x' })).status).toBe('error');
  });

  it('declares confirmation and is not read-only', () => {
    const tool = new CreateRefundTool(db, DEMO_TENANT_ID);
    expect(tool.requiresConfirmation).toBe(true);
    expect(tool.isReadOnly).toBe(false);
  });
});
