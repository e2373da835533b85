import { reply, type ScriptedReply, toolCall } from '@agentao/testing';

/** What the offline tour's customer writes. */
export const TOUR_USER_MESSAGE =
  "Hi, I'm customer c-42. The kettle from order A-1001 arrived broken. Can I get my money back? And how much have I spent with you so far?";

/** The order the tour refunds (so a rerun can undo it first). */
export const TOUR_REFUND_ORDER = { id: 'A-1001', statusBefore: 'delivered' };

/** The scripted final answer of the tour. */
export const TOUR_FINAL_ANSWER =
  "I'm sorry the kettle arrived broken. I've refunded order A-1001 in full (49.90 EUR); broken items never need to be sent back. " +
  'Across your 3 orders you have spent 129.40 EUR, or 79.50 EUR after this refund.';

/**
 * The offline tour: every reply the "model" gives, in order, including the analyst sub-agent's
 * (it shares the parent's model client, so its replies come from the same script).
 */
export const TOUR_SCRIPT: ScriptedReply[] = [
  // 1. Four read-only calls in one reply: they run as one parallel batch; the permission engine refuses the last.
  reply('Let me look at your orders and our refund policy.', {
    toolCalls: [
      toolCall('get_customer_orders', { customer_id: 'c-42', status: 'all', limit: 10 }),
      toolCall('read_file', { file_path: 'policies/refunds.md' }),
      toolCall('search_file_content', { pattern: 'broken', directory: 'policies' }),
      toolCall('read_file', { file_path: 'shop.db' }),
    ],
  }),
  // 2. A sloppy call: a class-style tool name and Python-literal arguments with a trailing comma.
  reply('', { toolCalls: [toolCall('CreateRefundTool', "{'order_id': 'A-1001', 'reason': 'arrived broken',}")] }),
  // 3. Delegation to the analyst sub-agent.
  reply('', {
    toolCalls: [toolCall('agent_analyst', { task: 'How much has customer c-42 spent in total, over how many orders, and how much was refunded?' })],
  }),
  // 3a. The analyst's own turns.
  reply('', {
    toolCalls: [
      toolCall('sql_schema', {}),
      toolCall('sql_query', {
        sql: "SELECT COUNT(*) AS orders, SUM(total_cents) / 100.0 AS spent, (SELECT COALESCE(SUM(amount_cents), 0) / 100.0 FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.customer_id = ?) AS refunded FROM orders WHERE customer_id = ?",
        params: ['c-42', 'c-42'],
      }),
    ],
  }),
  reply('', { toolCalls: [toolCall('complete_task', { result: 'c-42: 3 orders, 129.40 EUR in total, 49.90 EUR refunded (net 79.50 EUR).' })] }),
  // 4. The final answer.
  reply(TOUR_FINAL_ANSWER),
];

/** How long the interactive script's last two answers take (long enough to try Ctrl-C on them). */
export const INTERACTIVE_SLOW_REPLY_MS = 20_000;

/** What the interactive offline mode's scripted model answers, one chat turn after another. */
export const INTERACTIVE_SCRIPT: ScriptedReply[] = [
  reply('', { toolCalls: [toolCall('get_customer_orders', { customer_id: 'c-42', status: 'shipped' })] }),
  reply('Your tea sampler (order A-1002) has shipped and should arrive within 3 to 5 business days.'),
  reply('', { toolCalls: [toolCall('create_refund', { order_id: 'A-1002', reason: 'changed my mind' })] }),
  reply('Understood: I did not refund order A-1002. Anything else I can do?'),
  // A slow answer, long enough to try Ctrl-C on it.
  reply('Sorry for the wait! Anything else?', { delayMs: INTERACTIVE_SLOW_REPLY_MS }),
  reply('Sorry again for the wait!', { delayMs: INTERACTIVE_SLOW_REPLY_MS }),
];
