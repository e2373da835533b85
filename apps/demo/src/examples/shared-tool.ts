// Sharing a host tool with sub-agents, as quoted by docs/custom-tools.md; exercised by shared-tool.test.ts.
import { copyTool, type JsonSchema, Tool } from '@agentao/core';

/** A read-only price lookup with a per-instance cache, safe to hand to sub-agents. */
export class PriceListTool extends Tool {
  readonly name = 'price_list';
  readonly description = 'Price of one product by SKU, e.g. "KT-1". Returns JSON {status:"ok", sku, price_eur} or {status:"error", message}.';
  readonly parameters: JsonSchema = { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] };
  override readonly isReadOnly = true;
  // A promise: the tool suits sub-tasks, survives the copy, and what the copy still shares tolerates concurrent use.
  override readonly copiesToSubagents = true;

  constructor(
    private readonly prices: ReadonlyMap<string, number>, // shared, never mutated: safe to share
    private readonly cache = new Map<string, string>(), // per instance: each copy gets its own
  ) {
    super();
  }

  /** One copy per sub-agent spawn; a fresh cache so the child never writes into the parent's. */
  override [copyTool](): PriceListTool {
    return new PriceListTool(this.prices);
  }

  execute(args: Record<string, unknown>): string {
    const sku = String(args.sku);
    const cached = this.cache.get(sku);
    if (cached !== undefined) return cached;
    const price = this.prices.get(sku);
    const result = price === undefined ? { status: 'error', message: `Unknown SKU '${sku}'.` } : { status: 'ok', sku, price_eur: price };
    const text = JSON.stringify(result);
    this.cache.set(sku, text);
    return text;
  }
}
