import { Agentao } from '@agentao/core';
import { createSqliteTools } from '../src/index';

// README: the import above is '@agentao/tool-sqlite'.
const agent = new Agentao({
  workingDirectory: process.cwd(),
  extraTools: createSqliteTools('data/shop.db'), // sql_query + sql_schema, one read-only connection
});
console.log(await agent.chat('Which five customers spent the most?'));
await agent.close();
