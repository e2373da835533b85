import { Agentao, type LLMClient, type Logger, type Transport } from '@agentao/core';
import { PermissionEngine } from '@agentao/permissions';
import { type AgentDefinition, subagents } from '@agentao/subagents';
import { createSqliteTools } from '@agentao/tool-sqlite';
import { builtinTools } from '@agentao/tools-builtin';
import { type ShopDatabase } from './shop-db';
import { createShopTools } from './shop-tools';

/** The analyst sub-agent: SQL only, handed the copies of `sql_query` / `sql_schema`. */
export const ANALYST: AgentDefinition = {
  name: 'analyst',
  description: 'Answers numeric questions about the shop (totals, counts, trends) with read-only SQL.',
  tools: ['sql_query', 'sql_schema'],
  maxTurns: 8,
  instructions: 'Use sql_schema, then sql_query. Report numbers with their currency. Finish with complete_task.',
};

/** The only built-in and agent tools the model sees: reading the policy documents, and the analyst. */
export const ENABLED_TOOLS = ['read_file', 'list_directory', 'search_file_content', 'agent_analyst'];

/** Instructions added to the system prompt of the shop assistant. */
export const SHOP_INSTRUCTIONS =
  'You are the support assistant of a small tea shop. The policy documents are in policies/ (refunds.md, shipping.md, tone.md): ' +
  'check them before promising anything. Use get_customer_orders for order questions, create_refund for refunds, ' +
  'and delegate numeric questions to the analyst sub-agent.';

/** What one tenant's agent needs from the host. */
export interface ShopAgentOptions {
  dataDir: string;
  tenantId: string;
  backend: ShopDatabase;
  llm: LLMClient;
  transport: Transport;
  logger: Logger;
}

/** One agent per tenant: business tools bound to the tenant, narrowed built-ins, SQL via extraTools, the analyst, the permission engine. */
export function makeAgentForTenant(options: ShopAgentOptions): Agentao {
  const permissions = new PermissionEngine({ projectRoot: options.dataDir, userRoot: null });
  // The real boundary: tool lists only shape what the model sees; this decides what may run.
  permissions.addRunRules({
    deny: [{ tool: 'read_file', args: { file_path: '\\.db' }, action: 'deny' }],
    source: `tenant-${options.tenantId}`,
  });
  return new Agentao({
    workingDirectory: options.dataDir,
    llm: options.llm,
    transport: options.transport,
    logger: options.logger,
    instructions: SHOP_INSTRUCTIONS,
    plugins: [builtinTools(), subagents({ definitions: [ANALYST], background: false })],
    extraTools: [...createShopTools(options.backend, options.tenantId), ...createSqliteTools(options.backend.path)],
    enabledTools: ENABLED_TOOLS,
    permissionEngine: permissions,
  });
}
