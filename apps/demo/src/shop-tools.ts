import { type JsonSchema, Tool } from '@agentao/core';
import { type ShopDatabase, ShopRuleError } from './shop-db';

/** Orders per page when the model gives no `limit`. */
export const ORDERS_DEFAULT_LIMIT = 10;
/** Most orders one call returns, whatever the model asks for. */
export const ORDERS_MAX_LIMIT = 50;
/** Longest refund reason accepted. */
export const REFUND_REASON_MAX_CHARS = 200;

function errorJson(message: string): string {
  return JSON.stringify({ status: 'error', message });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `get_customer_orders`: one tenant's orders for one customer, one bounded page at a time (read-only). */
export class GetCustomerOrdersTool extends Tool {
  readonly name = 'get_customer_orders';
  readonly description =
    "Query this shop's orders for one customer. Use it when the user asks about 'my orders', an order's status, or before any refund. " +
    'Args: customer_id (required, from the conversation; never guess one); status (optional: pending/shipped/delivered/refunded/all, default all); ' +
    `limit (optional int, default ${ORDERS_DEFAULT_LIMIT}, max ${ORDERS_MAX_LIMIT}); offset (optional int, default 0; pass next_offset to get the next page). ` +
    'Returns JSON {status:"ok", orders:[{id, status, total, currency, item, created_at}], total_count, has_more, next_offset} newest first; next_offset is null when has_more is false. ' +
    'An empty orders array means the customer has no such orders: say so. On failure returns {status:"error", message}. Never show internal ids such as the tenant id.';
  readonly parameters: JsonSchema = {
    type: 'object',
    properties: {
      customer_id: { type: 'string', minLength: 1, description: 'The customer id from the conversation.' },
      status: { type: 'string', enum: ['pending', 'shipped', 'delivered', 'refunded', 'all'], default: 'all' },
      limit: { type: 'integer', minimum: 1, maximum: ORDERS_MAX_LIMIT, default: ORDERS_DEFAULT_LIMIT },
      offset: { type: 'integer', minimum: 0, default: 0 },
    },
    required: ['customer_id'],
    additionalProperties: false,
  };
  override readonly isReadOnly = true;
  override readonly requiresConfirmation = false;

  constructor(
    private readonly backend: ShopDatabase,
    private readonly tenantId: string, // bound to the session: the model never chooses the shop
  ) {
    super();
  }

  execute(args: Record<string, unknown>): string {
    try {
      // The schema already bounds these; clamp again because a host may call execute directly.
      const limit = Math.min(Math.max(1, Number(args.limit ?? ORDERS_DEFAULT_LIMIT) || ORDERS_DEFAULT_LIMIT), ORDERS_MAX_LIMIT);
      const offset = Math.max(0, Number(args.offset ?? 0) || 0);
      const page = this.backend.listOrders({
        tenantId: this.tenantId,
        customerId: String(args.customer_id),
        status: typeof args.status === 'string' ? args.status : 'all',
        limit,
        offset,
      });
      const hasMore = offset + page.orders.length < page.totalCount;
      return JSON.stringify({
        status: 'ok',
        orders: page.orders,
        total_count: page.totalCount,
        has_more: hasMore,
        next_offset: hasMore ? offset + page.orders.length : null,
      });
    } catch (error) {
      return errorJson(messageOf(error));
    }
  }
}

/** `create_refund`: refunds one delivered or shipped order in full; asks the user first and re-checks every rule. */
export class CreateRefundTool extends Tool {
  readonly name = 'create_refund';
  readonly description =
    'Refund one order of this shop in full. Use it only after the customer asked for a refund and you checked the order with get_customer_orders and the refund policy. ' +
    `Args: order_id (required, e.g. "A-1001"); reason (required, the customer's reason in a few words, at most ${REFUND_REASON_MAX_CHARS} chars). ` +
    'The user is asked to confirm before it runs. Only shipped or delivered orders can be refunded, once; pending orders must be cancelled instead. ' +
    'Returns JSON {status:"ok", refund:{refund_id, order_id, amount, currency, reason, created_at}} or {status:"error", message} explaining which rule refused it.';
  readonly parameters: JsonSchema = {
    type: 'object',
    properties: {
      order_id: { type: 'string', pattern: '^A-[0-9]+$', description: 'The order to refund.' },
      reason: { type: 'string', minLength: 1, maxLength: REFUND_REASON_MAX_CHARS },
    },
    required: ['order_id', 'reason'],
    additionalProperties: false,
  };
  override readonly requiresConfirmation = true;
  override readonly isReadOnly = false;

  constructor(
    private readonly backend: ShopDatabase,
    private readonly tenantId: string,
  ) {
    super();
  }

  execute(args: Record<string, unknown>): string {
    // Validate again before the side effect: the normalizer repairs, it does not vouch for business fields.
    const orderId = typeof args.order_id === 'string' ? args.order_id.trim() : '';
    const reason = typeof args.reason === 'string' ? args.reason.trim() : '';
    if (!/^A-[0-9]+$/.test(orderId)) return errorJson(`order_id must look like "A-1001", got ${JSON.stringify(args.order_id)}`);
    if (reason === '' || reason.length > REFUND_REASON_MAX_CHARS) return errorJson(`reason must be 1 to ${REFUND_REASON_MAX_CHARS} characters`);
    try {
      const refund = this.backend.createRefund({ tenantId: this.tenantId, orderId, reason });
      return JSON.stringify({ status: 'ok', refund });
    } catch (error) {
      if (error instanceof ShopRuleError) return errorJson(error.message);
      return errorJson(`the refund could not be saved: ${messageOf(error)}`);
    }
  }
}

/** The shop's business tools, bound to one tenant (the seed's `make_agent_for_tenant` pattern). */
export function createShopTools(backend: ShopDatabase, tenantId: string): Tool[] {
  return [new GetCustomerOrdersTool(backend, tenantId), new CreateRefundTool(backend, tenantId)];
}
