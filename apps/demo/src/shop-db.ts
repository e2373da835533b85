import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** File name of the shop database inside the data directory. */
export const SHOP_DB_FILE = 'shop.db';
/** The tenant (shop) the demo agent is bound to. */
export const DEMO_TENANT_ID = 'acme';
/** The customer the demo conversation speaks for. */
export const DEMO_CUSTOMER_ID = 'c-42';

/** One order as the tools return it. */
export interface OrderRow {
  id: string;
  status: string;
  total: number;
  currency: string;
  item: string;
  created_at: string;
}

/** One page of a customer's orders. */
export interface OrderPage {
  orders: OrderRow[];
  totalCount: number;
}

/** A refund that was written. */
export interface RefundRow {
  refund_id: string;
  order_id: string;
  amount: number;
  currency: string;
  reason: string;
  created_at: string;
}

/** A business rule the backend refuses to break; its message is safe to show the model. */
export class ShopRuleError extends Error {
  override readonly name = 'ShopRuleError';
}

/** Statuses an order can have; `refunded` is set by a refund. */
export const ORDER_STATUSES = ['pending', 'shipped', 'delivered', 'refunded'] as const;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS customers (
  id TEXT NOT NULL, tenant_id TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, customer_id TEXT NOT NULL, item TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending','shipped','delivered','refunded')),
  total_cents INTEGER NOT NULL, currency TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS refunds (
  id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, order_id TEXT NOT NULL UNIQUE REFERENCES orders(id),
  amount_cents INTEGER NOT NULL, reason TEXT NOT NULL, created_at TEXT NOT NULL
);`;

type SeedOrder = [id: string, customer: string, item: string, status: string, cents: number, createdAt: string];

const SEED_CUSTOMERS: [string, string, string][] = [
  ['c-42', 'Dana Whitfield', 'dana@example.com'],
  ['c-7', 'Ravi Patel', 'ravi@example.com'],
  ['c-19', 'Mia Svensson', 'mia@example.com'],
];

// Fixed data so the scripted tour's numbers stay true: c-42 has three orders worth 129.40 EUR.
const SEED_ORDERS: SeedOrder[] = [
  ['A-1001', 'c-42', 'Electric kettle', 'delivered', 4990, '2026-11-02T10:15:00Z'],
  ['A-1002', 'c-42', 'Tea sampler (12 kinds)', 'shipped', 2450, '2026-11-20T08:40:00Z'],
  ['A-1003', 'c-42', 'Cast-iron teapot', 'pending', 5500, '2026-11-28T17:05:00Z'],
  ['A-1004', 'c-7', 'Matcha whisk set', 'delivered', 3200, '2026-10-11T12:00:00Z'],
  ['A-1005', 'c-7', 'Glass mugs (4)', 'delivered', 2800, '2026-10-30T09:30:00Z'],
  ['A-1006', 'c-19', 'Electric kettle', 'shipped', 4990, '2026-11-25T14:20:00Z'],
  ['A-1007', 'c-19', 'Oolong 250 g', 'pending', 1890, '2026-11-29T11:45:00Z'],
];

function cents(value: number): number {
  return Math.round(value) / 100;
}

/**
 * The shop's backend over a real SQLite file: created and seeded on first open, then reused.
 * Every query takes the tenant id, so a tool bound to one tenant can never read another's rows.
 */
export class ShopDatabase {
  readonly path: string;
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.path = join(dataDir, SHOP_DB_FILE);
    this.db = new Database(this.path);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(SCHEMA);
    this.seedIfEmpty();
  }

  /** Whether the database was seeded by this process (first run). */
  seeded = false;

  private seedIfEmpty(): void {
    const row = this.db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number };
    if (row.n > 0) return;
    const insertCustomer = this.db.prepare('INSERT INTO customers (id, tenant_id, name, email) VALUES (?, ?, ?, ?)');
    const insertOrder = this.db.prepare(
      'INSERT INTO orders (id, tenant_id, customer_id, item, status, total_cents, currency, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      for (const [id, name, email] of SEED_CUSTOMERS) insertCustomer.run(id, DEMO_TENANT_ID, name, email);
      for (const [id, customer, item, status, total, createdAt] of SEED_ORDERS) {
        insertOrder.run(id, DEMO_TENANT_ID, customer, item, status, total, 'EUR', createdAt);
      }
    })();
    this.seeded = true;
  }

  /** One page of a customer's orders, newest first. */
  listOrders(query: { tenantId: string; customerId: string; status: string; limit: number; offset: number }): OrderPage {
    const where = ['tenant_id = ?', 'customer_id = ?'];
    const params: (string | number)[] = [query.tenantId, query.customerId];
    if (query.status !== 'all') {
      where.push('status = ?');
      params.push(query.status);
    }
    const filter = where.join(' AND ');
    const count = this.db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE ${filter}`).get(...params) as { n: number };
    const rows = this.db
      .prepare(`SELECT id, status, total_cents, currency, item, created_at FROM orders WHERE ${filter} ORDER BY created_at DESC, id LIMIT ? OFFSET ?`)
      .all(...params, query.limit, query.offset) as { id: string; status: string; total_cents: number; currency: string; item: string; created_at: string }[];
    return {
      totalCount: count.n,
      orders: rows.map((r) => ({ id: r.id, status: r.status, total: cents(r.total_cents), currency: r.currency, item: r.item, created_at: r.created_at })),
    };
  }

  /** Refunds an order in full; refuses (ShopRuleError) anything the shop's rules forbid. */
  createRefund(request: { tenantId: string; orderId: string; reason: string; now?: Date }): RefundRow {
    const create = this.db.transaction((): RefundRow => {
      const order = this.db
        .prepare('SELECT id, status, total_cents, currency FROM orders WHERE id = ? AND tenant_id = ?')
        .get(request.orderId, request.tenantId) as { id: string; status: string; total_cents: number; currency: string } | undefined;
      if (order === undefined) throw new ShopRuleError(`No order '${request.orderId}' in this shop.`);
      if (order.status === 'refunded') throw new ShopRuleError(`Order '${order.id}' is already refunded.`);
      if (order.status === 'pending') throw new ShopRuleError(`Order '${order.id}' has not shipped yet; cancel it instead of refunding it.`);
      const refund: RefundRow = {
        refund_id: `RF-${order.id}`,
        order_id: order.id,
        amount: cents(order.total_cents),
        currency: order.currency,
        reason: request.reason,
        created_at: (request.now ?? new Date()).toISOString(),
      };
      this.db
        .prepare('INSERT INTO refunds (id, tenant_id, order_id, amount_cents, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(refund.refund_id, request.tenantId, order.id, order.total_cents, refund.reason, refund.created_at);
      this.db.prepare("UPDATE orders SET status = 'refunded' WHERE id = ?").run(order.id);
      return refund;
    });
    return create();
  }

  /** Undoes a refund (the offline tour calls it so every run can refund the same order again). */
  undoRefund(tenantId: string, orderId: string, restoreStatus: string): boolean {
    return this.db.transaction(() => {
      const removed = this.db.prepare('DELETE FROM refunds WHERE order_id = ? AND tenant_id = ?').run(orderId, tenantId);
      if (removed.changes > 0) this.db.prepare('UPDATE orders SET status = ? WHERE id = ? AND tenant_id = ?').run(restoreStatus, orderId, tenantId);
      return removed.changes > 0;
    })();
  }

  /** Closes the connection. */
  close(): void {
    this.db.close();
  }
}
