import { copyTool, type JsonSchema, type PermissionPolicy, Tool } from '@agentao/core';
import { reply, toolCall } from '@agentao/testing';
import { describe, expect, it } from 'vitest';
import { builtinPlugin, parentAgent, RouterLLM, until } from './__fixtures__/harness';
import { subagents } from './index';

const WORKER = { name: 'worker', description: 'does work', instructions: 'ROLE:worker' };
const EMPTY: JsonSchema = { type: 'object', properties: {} };

/** A host tool that declares the flag as a getter and keeps per-instance state in a field. */
class DeployTool extends Tool {
  readonly name: string = 'deploy';
  readonly description = 'deploys';
  readonly parameters = EMPTY;
  calls = 0;
  constructor(readonly seen: Tool[] = []) {
    super();
  }
  override get copiesToSubagents(): boolean {
    return true;
  }
  execute(): string {
    this.seen.push(this);
    this.calls += 1;
    return `deploy call ${this.calls}`;
  }
}

/** The child's view of tool results: the tool messages of its last request. */
function toolResults(llm: RouterLLM, route: string): string[] {
  const last = llm.of(route).at(-1);
  return (last?.messages ?? []).filter((m) => m.role === 'tool').map((m) => String(m.content));
}

describe('copiesToSubagents: host tools in children (seed rules)', () => {
  it('leaves an undeclared host tool and its name out of the child: a host read_file hides the built-in read_file', async () => {
    const builtinRead = builtinPlugin('read_file');
    const builtinGlob = builtinPlugin('glob');
    const hostRan: string[] = [];
    class HostRead extends Tool {
      readonly name = 'read_file';
      readonly description = 'host read';
      readonly parameters = EMPTY;
      execute(): string {
        hostRan.push('read_file');
        return 'host read ran';
      }
    }
    class Undeclared extends Tool {
      readonly name = 'ship';
      readonly description = 'ships';
      readonly parameters = EMPTY;
      execute(): string {
        hostRan.push('ship');
        return 'shipped';
      }
    }
    const llm = new RouterLLM([reply('', { toolCalls: [toolCall('agent_worker', { task: 'read it' })] }), reply('parent done')], {
      worker: [
        reply('', { toolCalls: [toolCall('read_file', {}, 'c1'), toolCall('ship', {}, 'c2')] }),
        reply('', { toolCalls: [toolCall('complete_task', { result: 'nothing to read' })] }),
      ],
    });
    const { agent } = parentAgent({
      llm,
      plugins: [builtinRead.plugin, builtinGlob.plugin, subagents({ definitions: [WORKER] })],
      extraTools: [new HostRead(), new Undeclared()],
    });
    expect(agent.tools.has('read_file')).toBe(true);
    await expect(agent.chat('go')).resolves.toBe('parent done');
    const child = llm.of('worker')[0];
    expect(child?.toolNames).toEqual(['complete_task', 'glob']);
    const results = toolResults(llm, 'worker');
    expect(results[0]).toMatch(/read_file.*not found/i);
    expect(results[1]).toMatch(/ship.*not found/i);
    expect(hostRan).toEqual([]);
    expect(builtinRead.seen).toEqual([]);
  });

  it('gives each spawn its own copy (not the instance), reused across that child’s calls; the parent’s fields stay untouched', async () => {
    const seen: Tool[] = [];
    const deploy = new DeployTool(seen);
    const spawn = (task: string) => reply('', { toolCalls: [toolCall('agent_worker', { task })] });
    const llm = new RouterLLM([spawn('first'), spawn('second'), reply('parent done')], {
      worker: [
        reply('', { toolCalls: [toolCall('deploy', {}, 'd1')] }),
        reply('', { toolCalls: [toolCall('deploy', {}, 'd2')] }),
        reply('', { toolCalls: [toolCall('complete_task', { result: 'first done' })] }),
        reply('', { toolCalls: [toolCall('deploy', {}, 'd3')] }),
        reply('', { toolCalls: [toolCall('complete_task', { result: 'second done' })] }),
      ],
    });
    const { agent } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })], extraTools: [deploy] });
    await agent.chat('go');
    expect(seen).toHaveLength(3);
    const [a, b, c] = seen;
    expect(a).not.toBe(deploy);
    expect(a).toBeInstanceOf(DeployTool);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(c).not.toBe(deploy);
    expect(deploy.calls).toBe(0);
    // State kept across the calls of one sub-task; the next spawn starts from the parent's instance.
    const worker = llm.of('worker');
    expect(worker[2]?.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(['deploy call 1', 'deploy call 2']);
    expect(worker[4]?.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(['deploy call 1']);
    expect(a?.workingDirectory).toBe(agent.workingDirectory);
  });

  it('drops a tool whose copy hook returns itself, another name or throws, or whose declaration throws, with a warning naming it', async () => {
    class SelfCopy extends DeployTool {
      override readonly name = 'self_copy';
      override [copyTool](): Tool {
        return this;
      }
    }
    class Renamed extends DeployTool {
      override readonly name = 'renamed';
      override [copyTool](): Tool {
        return new DeployTool();
      }
    }
    // Named like a built-in: a failed copy must never let the built-in show through.
    class Throws extends DeployTool {
      override readonly name = 'read_file';
      override [copyTool](): Tool {
        throw new TypeError('cannot clone the pool');
      }
    }
    const llm = new RouterLLM([reply('', { toolCalls: [toolCall('agent_worker', { task: 't' })] }), reply('done')], {
      worker: [reply('', { toolCalls: [toolCall('complete_task', { result: 'ok' })] })],
    });
    class ThrowingGetter extends DeployTool {
      override readonly name = 'flaky_flag';
      override get copiesToSubagents(): boolean {
        throw new RangeError('config not loaded');
      }
    }
    const builtinRead = builtinPlugin('read_file');
    const { agent, logger } = parentAgent({
      llm,
      plugins: [builtinRead.plugin, subagents({ definitions: [WORKER] })],
      extraTools: [new SelfCopy(), new Renamed(), new Throws(), new ThrowingGetter(), new DeployTool()],
    });
    await agent.chat('go');
    expect(llm.of('worker')[0]?.toolNames).toEqual(['complete_task', 'deploy']);
    const warnings = logger.warnings().join('\n');
    expect(warnings).toMatch(/self_copy.*original instance/);
    expect(warnings).toMatch(/renamed.*named 'deploy'/);
    expect(warnings).toMatch(/read_file.*TypeError: cannot clone the pool/);
    expect(warnings).toMatch(/flaky_flag.*RangeError: config not loaded/);
  });

  it('reads a flag written as a method as undeclared: absent, never called, and a warning', async () => {
    let called = false;
    class MethodFlag extends Tool {
      readonly name = 'method_flag';
      readonly description = 'declares the flag wrongly';
      readonly parameters = EMPTY;
      execute(): string {
        return 'ran';
      }
    }
    Object.defineProperty(MethodFlag.prototype, 'copiesToSubagents', {
      value: function copiesToSubagents() {
        called = true;
        return false;
      },
    });
    const llm = new RouterLLM([reply('', { toolCalls: [toolCall('agent_worker', { task: 't' })] }), reply('done')], {
      worker: [reply('', { toolCalls: [toolCall('complete_task', { result: 'ok' })] })],
    });
    const { agent, logger } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })], extraTools: [new MethodFlag()] });
    await agent.chat('go');
    expect(llm.of('worker')[0]?.toolNames).toEqual(['complete_task']);
    expect(called).toBe(false);
    expect(logger.warnings().join('\n')).toMatch(/method_flag.*copiesToSubagents is a method; it must be a getter or a boolean field/);
  });

  it("lets the definition's tools list win over the flag", async () => {
    const glob = builtinPlugin('glob');
    const llm = new RouterLLM([reply('', { toolCalls: [toolCall('agent_scout', { task: 't' })] }), reply('done')], {
      scout: [reply('', { toolCalls: [toolCall('deploy', {})] }), reply('', { toolCalls: [toolCall('complete_task', { result: 'ok' })] })],
    });
    const seen: Tool[] = [];
    const { agent } = parentAgent({
      llm,
      plugins: [glob.plugin, subagents({ definitions: [{ name: 'scout', description: '', tools: ['glob'], instructions: 'ROLE:scout' }] })],
      extraTools: [new DeployTool(seen)],
    });
    await agent.chat('go');
    expect(llm.of('scout')[0]?.toolNames).toEqual(['complete_task', 'glob']);
    expect(toolResults(llm, 'scout')[0]).toMatch(/deploy.*not found/i);
    expect(seen).toEqual([]);
  });

  it('lets parent and a background child use the shared dependency of a copied tool concurrently', async () => {
    // The shared client holds each caller until a second one is in flight, which proves real overlap.
    const client = {
      calls: 0,
      inFlight: 0,
      maxInFlight: 0,
      waiters: [] as (() => void)[],
      async call(who: string): Promise<string> {
        this.calls += 1;
        this.inFlight += 1;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        if (this.inFlight < 2) {
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('no concurrent caller arrived')), 20_000);
            this.waiters.push(() => {
              clearTimeout(timer);
              resolve();
            });
          });
        } else {
          for (const wake of this.waiters.splice(0)) wake();
        }
        this.inFlight -= 1;
        return `${who} ok`;
      },
    };
    class ClientTool extends Tool {
      readonly name = 'query';
      readonly description = 'queries the shared client';
      readonly parameters: JsonSchema = { type: 'object', properties: { who: { type: 'string' } } };
      override readonly isReadOnly = true;
      override readonly copiesToSubagents = true;
      execute(args: Record<string, unknown>): Promise<string> {
        return client.call(String(args.who));
      }
    }
    const llm = new RouterLLM(
      [
        reply('', { toolCalls: [toolCall('agent_worker', { task: 'query too', run_in_background: true }, 'bg'), toolCall('query', { who: 'parent' }, 'pq')] }),
        reply('parent done'),
      ],
      { worker: [reply('', { toolCalls: [toolCall('query', { who: 'child' }, 'cq')] }), reply('', { toolCalls: [toolCall('complete_task', { result: 'child finished' })] })] },
    );
    const { agent } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })], extraTools: [new ClientTool()] });
    await expect(agent.chat('go')).resolves.toBe('parent done');
    const parentResults = agent.messages.filter((m) => m.role === 'tool').map((m) => m.content);
    expect(parentResults[1]).toBe('parent ok');
    const check = agent.tools.get('check_background_agent');
    await until(() => /completed/.test(check.execute({ agent_id: '' }, undefined as never) as string));
    expect(toolResults(llm, 'worker')).toEqual(['child ok']);
    expect(client.calls).toBe(2);
    expect(client.maxInFlight).toBe(2);
    await agent.close();
  });

  it('binds a child to a tenant deny rule added to the parent policy object after construction', async () => {
    const rules: { tool: string; action: 'allow' | 'deny' }[] = [];
    const policy: PermissionPolicy & { rules: typeof rules } = {
      rules,
      decide({ toolName }) {
        const rule = rules.find((entry) => entry.tool === toolName);
        return rule === undefined ? null : { decision: rule.action, reason: `tenant-rule:${rule.tool}` };
      },
    };
    const seen: Tool[] = [];
    const llm = new RouterLLM([reply('', { toolCalls: [toolCall('agent_worker', { task: 't' })] }), reply('done')], {
      worker: [reply('', { toolCalls: [toolCall('deploy', {}, 'cd')] }), reply('', { toolCalls: [toolCall('complete_task', { result: 'ok' })] })],
    });
    const { agent, events } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })], extraTools: [new DeployTool(seen)], permissionEngine: policy });
    policy.rules.push({ tool: 'deploy', action: 'deny' });
    await agent.chat('go');
    expect(seen).toEqual([]);
    expect(toolResults(llm, 'worker')[0]).toMatch(/deploy/);
    const decision = events.find((event) => event.type === 'permission_decision' && event.callId === 'cd');
    expect(decision).toMatchObject({ tool: '[worker] deploy', decision: 'deny', reason: 'tenant-rule:deploy' });
    expect(events.find((event) => event.type === 'tool_complete' && event.callId === 'cd')).toMatchObject({ status: 'cancelled', error: 'denied by permission policy' });
  });
});
