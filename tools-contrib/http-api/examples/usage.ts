import { Agentao } from '@agentao/core';
import { createHttpApiTools } from '../src/index';

// README: the import above is '@agentao/tool-http-api'.
const tools = createHttpApiTools({
  baseUrl: 'https://api.example.com/v1',
  paths: ['/orders', '/orders/*', '/customers/*/orders'],
  methods: ['GET', 'POST'],
  headers: { authorization: `Bearer ${process.env.SHOP_API_TOKEN ?? ''}` }, // never shown to the model
  apiDescription: "The shop's order API.",
});
const agent = new Agentao({ workingDirectory: process.cwd(), extraTools: tools });
console.log(await agent.chat('What is the status of order 1042?'));
