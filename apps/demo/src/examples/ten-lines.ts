// The root README's ten-line example, type-checked here (never run: it needs a real model).
import { backend } from './example-backend';
import { Agentao, defineTool } from '@agentao/core';

const getOrders = defineTool<{ customer_id: string }>({
  name: 'get_customer_orders',
  description: "List one customer's orders. Args: customer_id (required). Returns JSON {status, orders}.",
  parameters: { type: 'object', properties: { customer_id: { type: 'string' } }, required: ['customer_id'] },
  isReadOnly: true,
  execute: async ({ customer_id }) => JSON.stringify({ status: 'ok', orders: await backend.orders(customer_id) }),
});
const agent = new Agentao({ workingDirectory: '/tmp/session-1', llm: { model: 'gpt-4.1-mini' }, extraTools: [getOrders] });
console.log(await agent.chat('What did I order last week?'));
