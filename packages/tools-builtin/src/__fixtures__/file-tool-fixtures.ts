import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { realpathSync } from 'node:fs';

import {
  type DirEntry,
  type FileStat,
  type GlobEntry,
  type GlobOptions,
  LocalFileSystem,
  SILENT_LOGGER,
  type Tool,
  type ToolContext,
} from '@agentao/core';

import { type FileToolFacts } from '../file-tool-facts';

/** A ToolContext for calling a tool directly in tests. */
export function makeContext(workingDirectory: string, signal: AbortSignal = new AbortController().signal): ToolContext {
  return {
    signal,
    toolCallId: 'call_test',
    agent: { workingDirectory, readOnly: false, logger: SILENT_LOGGER, sessionId: 'session_test' },
    onOutput: () => undefined,
  };
}

/** A fresh real temp directory (canonical path) and its cleanup. */
export async function makeTempDir(prefix = 'agentao-file-tools-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = realpathSync(await mkdtemp(join(tmpdir(), prefix)));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A LocalFileSystem that records every call and can be told to fail one method, to prove tools use the capability. */
export class RecordingFileSystem extends LocalFileSystem {
  readonly calls: string[] = [];
  failing: { method: string; code: string } | null = null;
  onCall: ((method: string, path: string) => void) | null = null;

  private note(method: string, path: string): void {
    this.calls.push(`${method} ${path}`);
    this.onCall?.(method, path);
    if (this.failing?.method === method) {
      const error: NodeJS.ErrnoException = new Error(`${this.failing.code}: injected failure, ${method} '${path}'`);
      error.code = this.failing.code;
      throw error;
    }
  }

  override async readBytes(path: string): Promise<Uint8Array> {
    this.note('readBytes', path);
    return super.readBytes(path);
  }

  override async readPartial(path: string, maxBytes: number): Promise<Uint8Array> {
    this.note('readPartial', path);
    return super.readPartial(path, maxBytes);
  }

  override async readText(path: string): Promise<string> {
    this.note('readText', path);
    return super.readText(path);
  }

  override async writeText(path: string, data: string, options?: { append?: boolean }): Promise<void> {
    this.note('writeText', path);
    return super.writeText(path, data, options);
  }

  override async listDir(path: string): Promise<DirEntry[]> {
    this.note('listDir', path);
    return super.listDir(path);
  }

  override async stat(path: string): Promise<FileStat> {
    this.note('stat', path);
    return super.stat(path);
  }

  override async glob(base: string, pattern: string, options?: GlobOptions): Promise<GlobEntry[]> {
    this.note('glob', base);
    return super.glob(base, pattern, options);
  }
}

/**
 * Problems with a tool's model-visible text against its facts manifest: every manifest number shown in
 * its display form, no other number, every result marker listed, required phrases present, forbidden absent.
 */
export function factsProblems(tool: Tool, facts: FileToolFacts): string[] {
  const format = tool.toOpenAIFormat();
  const properties = (format.function.parameters as { properties?: Record<string, { description?: string }> }).properties ?? {};
  const text = [format.function.description, ...Object.values(properties).map((p) => p.description ?? '')].join('\n');
  const problems: string[] = [];
  const shown = Object.values(facts.numbers);
  for (const [name, display] of Object.entries(facts.numbers)) {
    if (!text.includes(display)) problems.push(`constant ${name} not shown as ${display}`);
  }
  // "UTF-8" names an encoding, not a quantity.
  for (const token of text.replaceAll('UTF-8', '').match(/\d[\d,.]*\d%?|\d%?/g) ?? []) {
    if (!shown.includes(token) && !shown.includes(token.replace(/%$/, ''))) problems.push(`number ${token} is not from the manifest`);
  }
  for (const marker of facts.resultMarkers) if (!text.includes(marker.trim())) problems.push(`result marker not listed: ${marker}`);
  for (const phrase of facts.requiredPhrases) if (!text.includes(phrase)) problems.push(`missing phrase: ${phrase}`);
  for (const phrase of facts.forbiddenPhrases) if (text.includes(phrase)) problems.push(`forbidden phrase: ${phrase}`);
  for (const [key, schema] of Object.entries(properties)) {
    const value = (schema as { default?: string | number | boolean }).default;
    if (value !== undefined && !new RegExp(`default:? ${String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(schema.description ?? '')) {
      problems.push(`parameter ${key} does not state its default ${String(value)}`);
    }
  }
  return problems;
}
