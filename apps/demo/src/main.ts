// Minimal offline demo: a scripted model over a real local OpenAI-compatible server, driving
// host tools through the agent loop. The full shop demo (SQLite, permissions, sub-agents) grows here.
import { Agentao, type AgentEvent, defineTool, OpenAIChatClient, SdkTransport } from '@agentao/core';
import { reply, startMockOpenAI, toolCall } from '@agentao/testing';
import pc from 'picocolors';

const ORDERS: Record<string, { id: string; status: string; total: number }[]> = {
  'c-42': [
    { id: 'A-1001', status: 'shipped', total: 59.9 },
    { id: 'A-1002', status: 'pending', total: 12.5 },
  ],
};

const getCustomerOrders = defineTool({
  name: 'get_customer_orders',
  description:
    "Query this shop's orders for one customer. Use when the user asks about their orders. " +
    'Args: customer_id (required). Returns JSON: {status, orders:[{id, status, total}]}.',
  parameters: { type: 'object', properties: { customer_id: { type: 'string' } }, required: ['customer_id'] },
  isReadOnly: true,
  execute: (args) => JSON.stringify({ status: 'ok', orders: ORDERS[String(args.customer_id)] ?? [] }),
});

const getShippingPolicy = defineTool({
  name: 'get_shipping_policy',
  description: 'Returns the shop shipping policy as text. No arguments.',
  parameters: { type: 'object', properties: {} },
  isReadOnly: true,
  execute: () => 'Orders ship within 2 business days; refunds are possible for 30 days.',
});

const createRefund = defineTool({
  name: 'create_refund',
  description: 'Creates a refund for one order. Args: order_id (required). Requires the user to confirm.',
  parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
  requiresConfirmation: true,
  execute: (args) => JSON.stringify({ status: 'ok', refund_for: args.order_id }),
});

const script = [
  reply('Let me look up your orders and our policy.', {
    toolCalls: [toolCall('get_customer_orders', { customer_id: 'c-42' }), toolCall('get_shipping_policy', {})],
  }),
  reply('', { toolCalls: [toolCall('CreateRefundTool', "{'order_id': 'A-1002',}")] }),
  reply('Your order A-1001 has shipped, and I refunded the pending order A-1002.'),
];

const mock = await startMockOpenAI(script);
const counts = { tools: 0, confirmations: 0 };
const log = (event: AgentEvent): void => {
  if (event.type === 'tool_start') {
    counts.tools += 1;
    console.log(pc.cyan(`  → ${event.tool} ${JSON.stringify(event.args)}`));
  } else if (event.type === 'tool_complete') {
    console.log(pc.dim(`  ← ${event.tool} ${event.status} in ${event.durationMs} ms`));
  }
};
const agent = new Agentao({
  workingDirectory: process.cwd(),
  llm: new OpenAIChatClient({ model: 'scripted-demo', apiKey: 'offline', baseURL: mock.baseURL }),
  extraTools: [getCustomerOrders, getShippingPolicy, createRefund],
  transport: new SdkTransport({
    onEvent: log,
    confirmTool: (name, _description, args) => {
      counts.confirmations += 1;
      console.log(pc.yellow(`  ? confirm ${name} ${JSON.stringify(args)} — auto-approved (offline demo)`));
      return true;
    },
  }),
});

console.log(pc.bold('Agentao demo (offline): the model is scripted and served by a local mock server.'));
console.log(pc.dim('It shows a parallel batch of read-only calls, a repaired tool name and repaired arguments.\n'));
console.log(`${pc.bold('user')}: What happened to my orders? Please refund the pending one.`);
const answer = await agent.chat('What happened to my orders? Please refund the pending one.');
console.log(`\n${pc.bold('agent')}: ${answer}`);
console.log(pc.dim(`\nSummary: ${agent.lastTurn?.toolCount ?? 0} tool calls, ${counts.confirmations} confirmation, status ${agent.lastTurn?.status ?? '?'}.`));
await agent.close();
await mock.close();
