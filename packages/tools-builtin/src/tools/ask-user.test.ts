import {
  Agentao,
  type AskUserHints,
  type LLMClient,
  NullTransport,
  SdkTransport,
  type ToolMessage,
  type Transport,
} from '@agentao/core';
import { describe, expect, it } from 'vitest';

import { scriptedModel } from '../__fixtures__/scripted-model';
import { useTempWorkspace } from '../__fixtures__/use-temp-workspace';
import { ASK_USER_DEFAULT_ALLOW_CUSTOM, ASK_USER_DEFAULT_MULTIPLE, ASK_USER_NON_INTERACTIVE, AskUserTool } from './ask-user';

/** A model that calls ask_user once per scripted argument set, then answers 'done'. */
function scripted(calls: Record<string, unknown>[]): LLMClient {
  return scriptedModel([calls.map((args, i) => ({ id: `call_${i}`, name: 'ask_user', args }))]);
}

let dir = '';
useTempWorkspace((workspace) => {
  dir = workspace.dir;
}, { prefix: 'agentao-ask-' });

async function ask(calls: Record<string, unknown>[], transport?: Transport): Promise<string[]> {
  const agent = new Agentao({ workingDirectory: dir, llm: scripted(calls), extraTools: [new AskUserTool()], ...(transport ? { transport } : {}) });
  await agent.chat('go');
  return agent.messages.filter((m): m is ToolMessage => m.role === 'tool').map((m) => String(m.content));
}

describe('ask_user', () => {
  it('returns the transport answer and passes the hints with their defaults', async () => {
    const seen: { question: string; hints: AskUserHints | undefined }[] = [];
    const transport = new SdkTransport({
      askUser: (question: string, hints?: AskUserHints) => {
        seen.push({ question, hints });
        return `answer to ${question}`;
      },
    });
    const results = await ask(
      [
        { question: 'Which DB?', header: 'Database', options: ['pg', 'sqlite'], multiple: true, allow_custom: false },
        { question: 'Name?' },
      ],
      transport,
    );
    expect(results).toEqual(['answer to Which DB?', 'answer to Name?']);
    expect(seen).toEqual([
      { question: 'Which DB?', hints: { header: 'Database', options: ['pg', 'sqlite'], multiple: true, allowCustom: false } },
      { question: 'Name?', hints: { multiple: ASK_USER_DEFAULT_MULTIPLE, allowCustom: ASK_USER_DEFAULT_ALLOW_CUSTOM } },
    ]);
    expect(ASK_USER_DEFAULT_MULTIPLE).toBe(false);
    expect(ASK_USER_DEFAULT_ALLOW_CUSTOM).toBe(true);
  });

  it('answers the non-interactive sentinel with the default transport', async () => {
    expect(await ask([{ question: 'Anyone there?' }])).toEqual([ASK_USER_NON_INTERACTIVE]);
    expect(new NullTransport().askUser('q')).toBe(ASK_USER_NON_INTERACTIVE);
  });

  it('asks one question at a time', async () => {
    let active = 0;
    let maxActive = 0;
    const transport = new SdkTransport({
      askUser: async (question: string) => {
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise((r) => setTimeout(r, 50));
        active--;
        return question.toUpperCase();
      },
    });
    // ask_user is read-only, so one reply's calls run concurrently; the route still serialises them.
    expect(await ask([{ question: 'a' }, { question: 'b' }, { question: 'c' }], transport)).toEqual(['A', 'B', 'C']);
    expect(maxActive).toBe(1);
  });

  it('reports a throwing transport as the runtime error of the call', async () => {
    const transport = new SdkTransport({
      askUser: () => {
        throw new Error('terminal closed');
      },
    });
    expect(await ask([{ question: 'q' }], transport)).toEqual(['Error executing ask_user: terminal closed']);
  });

  it('answers invalid arguments with a clear error', async () => {
    const tool = new AskUserTool();
    const ctx = {} as never;
    expect(await tool.execute({ question: ' ' }, ctx)).toBe('Error: invalid arguments: question must be a non-empty string');
    expect(await tool.execute({ question: 'q', options: [1] }, ctx)).toBe('Error: invalid arguments: options must be an array of strings');
  });

  it('is read-only and needs no confirmation', () => {
    const tool = new AskUserTool();
    expect(tool.isReadOnly).toBe(true);
    expect(tool.requiresConfirmation).toBe(false);
    expect(tool.description).toContain(ASK_USER_NON_INTERACTIVE);
  });
});
