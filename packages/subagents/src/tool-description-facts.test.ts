import { type Tool, type ToolContext } from '@agentao/core';
import { reply, toolCall } from '@agentao/testing';
import { describe, expect, it } from 'vitest';
import { parentAgent, RouterLLM } from './__fixtures__/harness';
import { BACKGROUND_STATUSES } from './background-task-store';
import { CompleteTaskTool } from './complete-task-tool';
import { subagents } from './index';
import { PARENT_CONTEXT_MESSAGES } from './subagent-messages';

/** What a tool's model-visible text must (and must not) say (tools-builtin.md §7). */
interface FactsManifest {
  numbers: number[];
  closedSets: string[][];
  mustMention: string[];
  forbidden: RegExp[];
}

/** Description plus every parameter description: everything the model reads. */
function modelText(tool: Tool): string {
  const format = tool.toOpenAIFormat().function;
  const properties = (format.parameters as { properties?: Record<string, { description?: string }> }).properties ?? {};
  return [format.description, ...Object.values(properties).map((p) => p.description ?? '')].join('\n');
}

const FORBIDDEN_EVERYWHERE = [/cannot modify files/i, /read-only sub-agent/i, /guarantee/i, /checked after it starts/i];

function checkFacts(tool: Tool, manifest: FactsManifest): void {
  const text = modelText(tool);
  const numbers = [...text.matchAll(/\d[\d,]*/g)].map((m) => Number(m[0].replaceAll(',', '')));
  expect(new Set(numbers), `${tool.name}: numbers in text`).toEqual(new Set(manifest.numbers));
  for (const set of manifest.closedSets) for (const member of set) expect(text, `${tool.name}: ${member}`).toContain(member);
  for (const fact of manifest.mustMention) expect(text, `${tool.name}: ${fact}`).toContain(fact);
  for (const claim of [...FORBIDDEN_EVERYWHERE, ...manifest.forbidden]) expect(text, `${tool.name}: ${String(claim)}`).not.toMatch(claim);
  const properties = (tool.parameters as { properties?: Record<string, { default?: unknown; description?: string }> }).properties ?? {};
  for (const [key, schema] of Object.entries(properties)) {
    if (!('default' in schema)) continue;
    expect(schema.description, `${tool.name}.${key} states its default`).toMatch(new RegExp(`default:? ${String(schema.default)}`));
  }
}

const WORKER = { name: 'worker', description: 'Works.', maxTurns: 7, instructions: 'ROLE:worker' };

describe('tool description facts (sub-agent tools)', () => {
  it('agent_<name> with background runs', () => {
    const { agent } = parentAgent({ llm: new RouterLLM([]), plugins: [subagents({ definitions: [WORKER] })] });
    checkFacts(agent.tools.get('agent_worker'), {
      numbers: [7, PARENT_CONTEXT_MESSAGES],
      closedSets: [],
      mustMention: ["'worker' sub-agent", 'run_in_background', 'check_background_agent', 'default false'],
      forbidden: [],
    });
  });

  it('agent_<name> without background runs says nothing about them', () => {
    const { agent } = parentAgent({ llm: new RouterLLM([]), plugins: [subagents({ definitions: [WORKER], background: false })] });
    const tool = agent.tools.get('agent_worker');
    checkFacts(tool, { numbers: [7, PARENT_CONTEXT_MESSAGES], closedSets: [], mustMention: ["'worker' sub-agent"], forbidden: [/background/i] });
  });

  it('the built-in investigator does not claim an enforcement it lacks', () => {
    const { agent } = parentAgent({ llm: new RouterLLM([]), plugins: [subagents({ enableBuiltinAgents: true })] });
    const text = modelText(agent.tools.get('agent_codebase_investigator'));
    expect(text).toMatch(/instructed not to modify files/);
    expect(text).not.toMatch(/(cannot|does not|never) (modify|change|write)/i);
  });

  it('check_background_agent lists all five statuses and the "did not finish" variant', () => {
    const { agent } = parentAgent({ llm: new RouterLLM([]), plugins: [subagents({ definitions: [WORKER] })] });
    checkFacts(agent.tools.get('check_background_agent'), {
      numbers: [],
      closedSets: [[...BACKGROUND_STATUSES]],
      mustMention: ['did not finish', "agent_id=''"],
      forbidden: [/(?<!never )waits? (for|until)/i],
    });
  });

  it('cancel_background_agent says which states can and cannot be cancelled', () => {
    const { agent } = parentAgent({ llm: new RouterLLM([]), plugins: [subagents({ definitions: [WORKER] })] });
    checkFacts(agent.tools.get('cancel_background_agent'), {
      numbers: [],
      closedSets: [['pending', 'running']],
      mustMention: ['Completed, failed or cancelled agents cannot be cancelled'],
      forbidden: [],
    });
  });

  it('complete_task says the result is all the delegating agent receives', () => {
    checkFacts(new CompleteTaskTool(), {
      numbers: [],
      closedSets: [],
      mustMention: ['stops right after this call', 'nothing else the sub-agent wrote is returned'],
      forbidden: [],
    });
  });

  it('the run_in_background default is the one execute uses: omitted and false both run in the foreground', async () => {
    const llm = new RouterLLM(
      [
        reply('', { toolCalls: [toolCall('agent_worker', { task: 'a' })] }),
        reply('', { toolCalls: [toolCall('agent_worker', { task: 'b', run_in_background: false })] }),
        reply('done'),
      ],
      { worker: [reply('answer a'), reply('answer b')] },
    );
    const { agent } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })] });
    await agent.chat('go');
    const results = agent.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    expect(results[0]).toMatch(/^answer a\n\n\[worker: /);
    expect(results[1]).toMatch(/^answer b\n\n\[worker: /);
    expect((agent.tools.get('check_background_agent').execute({ agent_id: '' }, undefined as unknown as ToolContext))).toBe(
      'No background agents have been launched in this session.',
    );
  });
});
