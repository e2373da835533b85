import { reply, type ScriptedRequest, type ScriptStep, toolCall } from '@agentao/testing';

/** What the offline tour's customer writes. */
export const TOUR_USER_MESSAGE =
  "Hi, I'm customer c-42. The kettle from order A-1001 arrived broken. Can I get my money back? And how much have I spent with you so far?";

/** The order the tour refunds (so a rerun can undo it first). */
export const TOUR_REFUND_ORDER = { id: 'A-1001', statusBefore: 'delivered' };

/** What the customer has spent, as the analyst's real SQL query reports it. */
export interface SpendingFigures {
  orders: number;
  spent: number;
  refunded: number;
}

/** How the refund call really ended. */
export type RefundOutcome = { kind: 'refunded'; amount: number } | { kind: 'declined' } | { kind: 'failed'; message: string };

const eur = (amount: number): string => amount.toFixed(2);

/** The analyst's one-line result; `parseAnalystResult` reads it back. */
export function analystResultText(figures: SpendingFigures): string {
  const net = figures.spent - figures.refunded;
  return `c-42: ${figures.orders} orders, ${eur(figures.spent)} EUR in total, ${eur(figures.refunded)} EUR refunded (net ${eur(net)} EUR).`;
}

const ANALYST_RESULT = /(\d+) orders, ([\d.]+) EUR in total, ([\d.]+) EUR refunded/;

/** The figures in an analyst result, or null when the text is not one (the sub-agent failed). */
export function parseAnalystResult(text: string): SpendingFigures | null {
  const match = ANALYST_RESULT.exec(text);
  if (match === null) return null;
  return { orders: Number(match[1]), spent: Number(match[2]), refunded: Number(match[3]) };
}

/** The tour's final answer for what really happened to the refund and what the analyst found. */
export function tourFinalAnswer(outcome: RefundOutcome, figures: SpendingFigures | null): string {
  const refundPart =
    outcome.kind === 'refunded'
      ? `I've refunded order A-1001 in full (${eur(outcome.amount)} EUR); broken items never need to be sent back.`
      : outcome.kind === 'declined'
        ? 'I have not refunded order A-1001, because the refund was not approved; broken items are always refunded in full, so just ask again.'
        : `I could not refund order A-1001: ${outcome.message}.`;
  const spendingPart =
    figures === null
      ? 'I could not look up your spending just now.'
      : outcome.kind === 'refunded'
        ? `Across your ${figures.orders} orders you have spent ${eur(figures.spent)} EUR, or ${eur(figures.spent - figures.refunded)} EUR after this refund.`
        : `Across your ${figures.orders} orders you have spent ${eur(figures.spent)} EUR.`;
  return `I'm sorry the kettle arrived broken. ${refundPart} ${spendingPart}`;
}

/** The final answer of a tour whose refund was approved, with the seeded shop's figures. */
export const TOUR_FINAL_ANSWER = tourFinalAnswer({ kind: 'refunded', amount: 49.9 }, { orders: 3, spent: 129.4, refunded: 49.9 });

/** The content of the last tool message answering a call to `toolName` in `request`, or null. */
function lastToolContent(request: ScriptedRequest, toolName: string): string | null {
  const answer = request.messages.findLast((message) => message.role === 'tool' && message.name === toolName);
  return typeof answer?.content === 'string' ? answer.content : null;
}

function parseJson(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null; // A refusal or cancellation is plain text, not JSON.
  }
}

/** How the refund call ended, read from its tool answer in the parent's history. */
function refundOutcome(request: ScriptedRequest): RefundOutcome {
  const content = lastToolContent(request, 'create_refund');
  const result = parseJson(content);
  const refund = result?.refund as { amount?: unknown } | undefined;
  if (result?.status === 'ok' && typeof refund?.amount === 'number') return { kind: 'refunded', amount: refund.amount };
  if (result?.status === 'error' && typeof result.message === 'string') return { kind: 'failed', message: result.message };
  return content !== null && content.includes('declined') ? { kind: 'declined' } : { kind: 'failed', message: content ?? 'no answer' };
}

/** The analyst's complete_task, reporting the rows its real `sql_query` returned. */
function analystCompletes(request: ScriptedRequest): ReturnType<typeof reply> {
  const rows = parseJson(lastToolContent(request, 'sql_query'))?.rows;
  const [orders, spent, refunded] = (Array.isArray(rows) && Array.isArray(rows[0]) ? rows[0] : []) as unknown[];
  const result =
    typeof orders === 'number' && typeof spent === 'number' && typeof refunded === 'number'
      ? analystResultText({ orders, spent, refunded })
      : 'The spending query returned no usable row.';
  return reply('', { toolCalls: [toolCall('complete_task', { result })] });
}

/** The parent's final answer, built from the refund answer and the analyst's result in its history. */
function finalAnswer(request: ScriptedRequest): ReturnType<typeof reply> {
  const analyst = lastToolContent(request, 'agent_analyst');
  return reply(tourFinalAnswer(refundOutcome(request), analyst === null ? null : parseAnalystResult(analyst)));
}

/**
 * The offline tour: every reply the "model" gives, in order, including the analyst sub-agent's
 * (it shares the parent's model client, so its replies come from the same script). The last two
 * are computed from the request, like a model reading its tool results: the figures are the ones
 * the real SQL query returned, and a declined refund is never reported as done.
 */
export const TOUR_SCRIPT: ScriptStep[] = [
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
  analystCompletes,
  // 4. The final answer.
  finalAnswer,
];

/** How long the interactive script's last two answers take (long enough to try Ctrl-C on them). */
export const INTERACTIVE_SLOW_REPLY_MS = 20_000;

/** What the interactive offline mode's scripted model answers, one chat turn after another. */
export const INTERACTIVE_SCRIPT: ScriptStep[] = [
  reply('', { toolCalls: [toolCall('get_customer_orders', { customer_id: 'c-42', status: 'shipped' })] }),
  reply('Your tea sampler (order A-1002) has shipped and should arrive within 3 to 5 business days.'),
  reply('', { toolCalls: [toolCall('create_refund', { order_id: 'A-1002', reason: 'changed my mind' })] }),
  reply('Understood: I did not refund order A-1002. Anything else I can do?'),
  // A slow answer, long enough to try Ctrl-C on it.
  reply('Sorry for the wait! Anything else?', { delayMs: INTERACTIVE_SLOW_REPLY_MS }),
  reply('Sorry again for the wait!', { delayMs: INTERACTIVE_SLOW_REPLY_MS }),
];
