import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Agentao,
  type AgentaoOptions,
  type AgentEvent,
  defineTool,
  type LLMClient,
  type LLMRequest,
  type LLMResponse,
  type Logger,
  SdkTransport,
} from '@agentao/core';
import { ScriptedLLM, type ScriptedReply } from '@agentao/testing';
import { afterEach } from 'vitest';

/** One request as the router saw it. */
export interface RoutedRequest {
  route: string;
  model: string | undefined;
  temperature: number | undefined;
  system: string;
  toolNames: string[];
  messages: LLMRequest['messages'];
}

/**
 * One LLMClient object shared by parent and children (as in production), routing each request to a
 * per-agent ScriptedLLM: a child is recognised by `ROLE:<marker>` in its instructions.
 */
export class RouterLLM implements LLMClient {
  readonly model = 'router-model';
  readonly requests: RoutedRequest[] = [];
  parent: ScriptedLLM;
  readonly children = new Map<string, ScriptedLLM>();

  constructor(parentReplies: ScriptedReply[], children: Record<string, ScriptedReply[]> = {}) {
    this.parent = new ScriptedLLM(parentReplies);
    for (const [marker, replies] of Object.entries(children)) this.children.set(marker, new ScriptedLLM(replies));
  }

  complete(request: LLMRequest): Promise<LLMResponse> {
    const system = contentText(request.messages[0]?.content);
    let route = 'parent';
    for (const marker of this.children.keys()) if (system.includes(`ROLE:${marker}`)) route = marker;
    this.requests.push({
      route,
      model: request.model,
      temperature: request.temperature,
      system,
      toolNames: request.tools.map((tool) => tool.function.name),
      messages: structuredClone(request.messages),
    });
    const target = route === 'parent' ? this.parent : this.children.get(route);
    return (target as ScriptedLLM).complete(request);
  }

  /** The requests one route received. */
  of(route: string): RoutedRequest[] {
    return this.requests.filter((request) => request.route === route);
  }
}

/** A logger that records every line by level. */
export function recordingLogger(): Logger & { lines: { level: string; message: string }[]; warnings(): string[] } {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (message: string) => {
    lines.push({ level, message });
  };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), warnings: () => lines.filter((l) => l.level === 'warn').map((l) => l.message) };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp directory, removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agentao-subagents-'));
  dirs.push(dir);
  return dir;
}

/** A parent agent on a RouterLLM with a recording transport. */
export function parentAgent(options: Partial<AgentaoOptions> & { llm: RouterLLM; confirm?: (name: string) => boolean; ask?: (question: string) => string }) {
  const events: AgentEvent[] = [];
  const confirmations: string[] = [];
  const questions: string[] = [];
  const logger = recordingLogger();
  const { confirm, ask, ...rest } = options;
  const transport = new SdkTransport({
    onEvent: (event: AgentEvent) => events.push(event),
    confirmTool: (name: string) => {
      confirmations.push(name);
      return confirm?.(name) ?? true;
    },
    askUser: (question: string) => {
      questions.push(question);
      return ask?.(question) ?? 'an answer';
    },
  });
  const agent = new Agentao({ workingDirectory: tempDir(), transport, logger, ...rest });
  return { agent, events, confirmations, questions, logger };
}

/** A read-only built-in stand-in (a plugin's builtinTools): records which instance ran. */
export function builtinPlugin(name: string, seen: unknown[] = []) {
  const tool = defineTool({
    name,
    description: `built-in ${name}`,
    parameters: { type: 'object', properties: {} },
    isReadOnly: true,
    execute() {
      seen.push(this);
      return `builtin ${name} ran`;
    },
  });
  return { plugin: { name: `builtin-${name}`, builtinToolNames: [name], builtinTools: () => [tool] }, tool, seen };
}

/** Waits until `check` returns true, polling generously (no tight timers). */
export async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Tool names of the events of one type. */
export function eventsOf<T extends AgentEvent['type']>(events: AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type);
}

/** A message content as text (array content JSON-encoded). */
export function contentText(content: unknown): string {
  return typeof content === 'string' ? content : JSON.stringify(content ?? '');
}
