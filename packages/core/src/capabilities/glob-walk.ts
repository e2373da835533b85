import { type Dirent, type Stats } from 'node:fs';
import { lstat, readFile, readdir, realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

import { AgentaoError } from '../errors';
import { type GlobEntry, type GlobOptions } from './file-system';
import { gitignoreVerdict, parseGitignore, type GitignoreRule } from './gitignore';
import { GlobPattern } from './glob-pattern';
import { type AutomatonState, type SegmentAutomaton } from './segment-automaton';

/** Directory names a walk skips at any depth below its base (unless the pattern names them literally). */
export const SKIPPED_DIR_NAMES: readonly string[] = Object.freeze(['.git', 'node_modules']);

/** The message of the `CANCELLED` error an aborted walk rejects with. */
export const GLOB_CANCELLED_MESSAGE = 'glob cancelled';

const SKIPPED = new Set(SKIPPED_DIR_NAMES);

/** The rules of one ignore file and the depth (in segments below the repository root) of its directory. */
interface IgnoreLevel {
  readonly depth: number;
  readonly rules: readonly GitignoreRule[];
}

interface WalkContext {
  readonly automaton: SegmentAutomaton;
  readonly includeDirs: boolean;
  readonly respectIgnores: boolean;
  readonly signal: AbortSignal | undefined;
  readonly results: GlobEntry[];
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw new AgentaoError('CANCELLED', GLOB_CANCELLED_MESSAGE);
}

async function readRules(file: string): Promise<GitignoreRule[]> {
  try {
    return parseGitignore(await readFile(file, 'utf8'));
  } catch {
    // A missing or unreadable ignore file contributes no rules.
    return [];
  }
}

async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** The repository's `info/exclude`: `.git` is a directory, or a file pointing elsewhere (`gitdir: …`). */
async function excludeFileOf(root: string): Promise<string | null> {
  const dotGit = join(root, '.git');
  try {
    const info = await stat(dotGit);
    if (info.isDirectory()) return join(dotGit, 'info', 'exclude');
    const match = /^gitdir:\s*(.+?)\s*$/m.exec(await readFile(dotGit, 'utf8'));
    const gitDir = match?.[1];
    if (gitDir === undefined) return null;
    return join(isAbsolute(gitDir) ? gitDir : resolve(root, gitDir), 'info', 'exclude');
  } catch {
    return null;
  }
}

/** The nearest ancestor of `dir` (itself included) holding `.git`, or null outside any repository. */
async function findRepositoryRoot(dir: string): Promise<string | null> {
  let current = dir;
  for (;;) {
    if (await pathExists(join(current, '.git'))) return current;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

/** The ignore levels that apply from above the base: info/exclude and ancestor `.gitignore` files. */
async function ancestorLevels(realBase: string): Promise<{ baseSegments: string[]; levels: IgnoreLevel[] }> {
  const root = await findRepositoryRoot(realBase);
  if (root === null) return { baseSegments: [], levels: [] };
  const baseSegments = relative(root, realBase).split(sep).filter((s) => s !== '');
  const levels: IgnoreLevel[] = [];
  const exclude = await excludeFileOf(root);
  if (exclude !== null) levels.push({ depth: 0, rules: await readRules(exclude) });
  // The base's own .gitignore is read by the walk itself.
  for (let depth = 0; depth < baseSegments.length; depth++) {
    const dir = join(root, ...baseSegments.slice(0, depth));
    levels.push({ depth, rules: await readRules(join(dir, '.gitignore')) });
  }
  return { baseSegments, levels: levels.filter((level) => level.rules.length > 0) };
}

/** Deeper ignore files override shallower ones; within one file the last matching line wins. */
function isIgnored(levels: readonly IgnoreLevel[], segments: readonly string[], isDir: boolean): boolean {
  for (let i = levels.length - 1; i >= 0; i--) {
    const level = levels[i];
    if (level === undefined) continue;
    const verdict = gitignoreVerdict(level.rules, segments.slice(level.depth), isDir);
    if (verdict !== null) return verdict;
  }
  return false;
}

interface Candidate {
  readonly name: string;
  readonly abs: string;
  readonly isDir: boolean;
  readonly isFile: boolean;
  readonly isLink: boolean;
  readonly stats: Stats | null;
}

/** Classifies a directory entry, following symlinks; null for broken links and special files. */
async function classify(dir: string, entry: Dirent): Promise<Candidate | null> {
  const abs = join(dir, entry.name);
  let isDir = entry.isDirectory();
  let isFile = entry.isFile();
  const isLink = entry.isSymbolicLink();
  let stats: Stats | null = null;
  if (isLink || (!isDir && !isFile)) {
    try {
      // Some filesystems report no type in readdir; stat both resolves links and fills the gap.
      stats = await stat(abs);
    } catch {
      return null;
    }
    isDir = stats.isDirectory();
    isFile = stats.isFile();
  }
  if (!isDir && !isFile) return null;
  return { name: entry.name, abs, isDir, isFile, isLink, stats };
}

async function walkDirectory(
  ctx: WalkContext,
  dir: string,
  relPrefix: string,
  rootSegments: readonly string[],
  state: AutomatonState,
  inherited: readonly IgnoreLevel[],
  isBase: boolean,
): Promise<void> {
  throwIfAborted(ctx.signal);
  let levels = inherited;
  if (ctx.respectIgnores) {
    const rules = await readRules(join(dir, '.gitignore'));
    if (rules.length > 0) levels = [...inherited, { depth: rootSegments.length, rules }];
  }
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    // The base must be readable; an unreadable subdirectory is skipped like an ignored one.
    if (isBase) throw error;
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const candidates = await Promise.all(entries.map((entry) => classify(dir, entry)));

  const reports: { candidate: Candidate; path: string }[] = [];
  const descents: { candidate: Candidate; path: string; state: AutomatonState; segments: string[] }[] = [];
  for (const candidate of candidates) {
    throwIfAborted(ctx.signal);
    if (candidate === null) continue;
    const { name, isDir, isFile } = candidate;
    const segments = [...rootSegments, name];
    if (ctx.respectIgnores) {
      // Naming a directory literally in the pattern is an explicit request that beats the skip rules.
      const explicit = isDir && ctx.automaton.namesLiterally(state, name);
      if (!explicit && isDir && SKIPPED.has(name)) continue;
      if (!explicit && isIgnored(levels, segments, isDir)) continue;
    }
    const next = ctx.automaton.step(state, name);
    const path = relPrefix === '' ? name : `${relPrefix}/${name}`;
    if ((isFile || ctx.includeDirs) && ctx.automaton.accepts(next, isDir)) reports.push({ candidate, path });
    // Symlinked directories are reported but never descended, so a link cycle cannot loop the walk.
    if (isDir && !candidate.isLink && ctx.automaton.canContinue(next)) descents.push({ candidate, path, state: next, segments });
  }

  const stated = await Promise.all(
    reports.map(async ({ candidate, path }) => {
      try {
        const info = candidate.stats ?? (await stat(candidate.abs));
        return { path, isDir: candidate.isDir, size: candidate.isFile ? info.size : 0, mtimeMs: info.mtimeMs };
      } catch {
        // Vanished between readdir and stat: not there any more.
        return null;
      }
    }),
  );
  for (const entry of stated) if (entry !== null) ctx.results.push(entry);

  for (const descent of descents) {
    await walkDirectory(ctx, descent.candidate.abs, descent.path, descent.segments, descent.state, levels, false);
  }
}

/**
 * Walks `base` and returns the entries matching `pattern` (paths relative to `base`, `/`-separated,
 * sorted by code unit). With `respectIgnores` (default) it skips `.git` and `node_modules` at any
 * depth and gitignored paths (nested `.gitignore` files, ancestors up to the repository root and
 * `.git/info/exclude`), but includes untracked files. Rejects with `CANCELLED` when the signal aborts.
 */
export async function globWalk(base: string, pattern: string, options: GlobOptions = {}): Promise<GlobEntry[]> {
  const compiled = GlobPattern.compile(pattern);
  const includeDirs = options.includeDirs ?? false;
  const respectIgnores = options.respectIgnores ?? true;
  throwIfAborted(options.signal);
  const realBase = await realpath(base);
  const { baseSegments, levels } = respectIgnores ? await ancestorLevels(realBase) : { baseSegments: [], levels: [] };
  const ctx: WalkContext = {
    automaton: compiled.matcher,
    includeDirs,
    respectIgnores,
    signal: options.signal,
    results: [],
  };
  await walkDirectory(ctx, realBase, '', baseSegments, compiled.matcher.start(), levels, true);
  return ctx.results.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
