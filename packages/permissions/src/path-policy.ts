import { lstat, readlink, realpath } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, parse, relative, resolve, sep } from 'node:path';
import { AgentaoError, type FileSystem, type Tool } from '@agentao/core';
import { expandHomeDir } from './load-user-rules';
import { PathPolicyError } from './path-policy-error';

/** Options of `new PathPolicy(…)`. */
export interface PathPolicyOptions {
  /** The workspace root (`~` expanded, canonicalised). */
  root: string;
  /** Canonicalisation goes through its `realpath`; default: the local disk. */
  filesystem?: FileSystem;
}

/** How many symlinks one resolution may follow before it is refused (a loop). */
export const MAX_SYMLINK_HOPS = 40;

function isInside(root: string, target: string): boolean {
  if (target === root) return true;
  const rel = relative(root, target);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && rel.split(sep)[0] !== '..';
}

function canonicalRootSync(root: string): string {
  const absolute = resolve(expandHomeDir(root));
  try {
    return realpathSync.native(absolute);
  } catch {
    return absolute;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Workspace containment for writes and the shell's working directory (§11). Paths are resolved
 * component by component with symlinks followed, so `link/..` means what the kernel means.
 */
export class PathPolicy {
  private static readonly byTool = new WeakMap<Tool, { key: string; policy: PathPolicy }>();
  private canonicalRoot: string;
  private rootChecked: boolean;
  private readonly filesystem: FileSystem | undefined;

  constructor(options: PathPolicyOptions) {
    if (typeof options?.root !== 'string' || options.root === '') {
      throw new AgentaoError('CONFIG_INVALID', 'PathPolicy: root is required (a non-empty string)');
    }
    this.filesystem = options.filesystem;
    this.canonicalRoot = this.filesystem === undefined ? canonicalRootSync(options.root) : resolve(expandHomeDir(options.root));
    this.rootChecked = this.filesystem === undefined;
  }

  /** The policy for a tool's bound `workingDirectory` (cached per tool and value; unbound: the cwd, never cached). */
  static forTool(tool: Tool): PathPolicy {
    const directory = tool.workingDirectory;
    const filesystem = tool.filesystem ?? undefined;
    if (directory === null || directory === undefined) return new PathPolicy({ root: process.cwd(), filesystem });
    const cached = PathPolicy.byTool.get(tool);
    if (cached !== undefined && cached.key === directory && cached.policy.filesystem === filesystem) return cached.policy;
    const policy = new PathPolicy({ root: directory, filesystem });
    PathPolicy.byTool.set(tool, { key: directory, policy });
    return policy;
  }

  /** The canonical workspace root. */
  get root(): string {
    return this.canonicalRoot;
  }

  private async ensureRoot(): Promise<string> {
    if (!this.rootChecked && this.filesystem !== undefined) {
      try {
        this.canonicalRoot = await this.filesystem.realpath(this.canonicalRoot);
      } catch {
        // A root that does not exist yet stays lexical; everything under it is still compared lexically.
      }
      this.rootChecked = true;
    }
    return this.canonicalRoot;
  }

  private async realpathOf(path: string): Promise<string> {
    return this.filesystem === undefined ? realpath(path) : this.filesystem.realpath(path);
  }

  /** Canonicalises an absolute path: existing prefix through realpath, missing rest appended lexically. */
  private async canonicalize(absolute: string): Promise<string> {
    const { root } = parse(absolute);
    const parts = absolute.slice(root.length).split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
    let current = root;
    let missing = false;
    for (const part of parts) {
      if (part === '..') {
        current = dirname(current);
        continue;
      }
      const next = join(current, part);
      if (missing) {
        current = next;
        continue;
      }
      try {
        current = await this.realpathOf(next);
      } catch (error) {
        if (!isMissing(error)) throw error;
        missing = true;
        current = next;
      }
    }
    return current;
  }

  private absolute(raw: string, root: string): string {
    const expanded = expandHomeDir(raw);
    // Concatenate, never `join`: a lexical `..` collapse would misjudge `link/..` (the kernel follows the link first).
    if (isAbsolute(expanded)) return expanded;
    return root.endsWith(sep) ? root + expanded : root + sep + expanded;
  }

  private refuse(raw: string, resolved: string, root: string): never {
    throw new PathPolicyError(raw, resolved, root);
  }

  /** Resolves a file path for writing; throws `PathPolicyError` when it (or its symlink target) leaves the root. */
  async containFile(raw: string): Promise<string> {
    if (typeof raw !== 'string' || raw === '' || raw.includes('\0')) this.refuse(String(raw), String(raw), this.canonicalRoot);
    const root = await this.ensureRoot();
    const absolute = this.absolute(raw, root);
    const trimmed = absolute.replace(/[\\/]+$/, '');
    const leaf = trimmed.slice(trimmed.search(/[^\\/]*$/));
    if (leaf === '' || leaf === '.' || leaf === '..') {
      const resolved = await this.canonicalize(absolute);
      if (!isInside(root, resolved)) this.refuse(raw, resolved, root);
      return resolved;
    }
    const parent = await this.canonicalize(dirname(trimmed));
    const resolved = join(parent, leaf);
    if (!isInside(root, resolved)) this.refuse(raw, resolved, root);
    const target = await this.symlinkTarget(resolved);
    if (target !== null && !isInside(root, target)) this.refuse(raw, target, root);
    return resolved;
  }

  /** The canonical target when `path` is a symlink (dangling ones too); null for anything else. */
  private async symlinkTarget(path: string): Promise<string | null> {
    if (this.filesystem !== undefined) {
      try {
        const real = await this.filesystem.realpath(path);
        return real === path ? null : real;
      } catch (error) {
        if (!isMissing(error)) throw error;
        // Missing to realpath yet listed by its parent: a dangling link whose target cannot be judged.
        const entries = await this.filesystem.listDir(dirname(path)).catch(() => []);
        const name = path.slice(dirname(path).length + 1);
        return entries.some((e) => e.name === name) ? `${path} -> (dangling symlink)` : null;
      }
    }
    let hops = 0;
    let current = path;
    for (;;) {
      let isLink: boolean;
      try {
        isLink = (await lstat(current)).isSymbolicLink();
      } catch (error) {
        if (isMissing(error)) return current === path ? null : current;
        throw error;
      }
      if (!isLink) return current === path ? null : await this.canonicalize(current);
      hops += 1;
      if (hops > MAX_SYMLINK_HOPS) return `${path} -> (symlink loop)`;
      const link = await readlink(current);
      current = await this.canonicalize(isAbsolute(link) ? link : join(dirname(current), link));
    }
  }

  /** Resolves a directory (e.g. the shell's working directory) fully; it must be inside the root. */
  async containDirectory(raw: string): Promise<string> {
    if (typeof raw !== 'string' || raw === '' || raw.includes('\0')) this.refuse(String(raw), String(raw), this.canonicalRoot);
    const root = await this.ensureRoot();
    const resolved = await this.canonicalize(this.absolute(raw, root));
    if (!isInside(root, resolved)) this.refuse(raw, resolved, root);
    return resolved;
  }
}
