import { type SegmentMatcher } from './segment-matcher';

/** Marks a `**` path segment: zero or more whole segments. */
export const GLOBSTAR: unique symbol = Symbol('globstar');

/** One step of a path pattern: a segment matcher or `**`. */
export type SegmentNode = SegmentMatcher | typeof GLOBSTAR;

/** One alternative of a path pattern; `dirOnly` means it matches directories only. */
export interface PathAlternative {
  readonly segments: readonly SegmentNode[];
  readonly dirOnly: boolean;
}

/** The set of live positions after consuming some path segments; opaque to callers. */
export type AutomatonState = ReadonlySet<number>;

type Node = SegmentNode | { readonly end: true; readonly dirOnly: boolean };

const isEnd = (node: Node | undefined): node is { readonly end: true; readonly dirOnly: boolean } =>
  typeof node === 'object' && 'end' in node;

/**
 * A nondeterministic automaton over path segments, simulated state-set by state-set (Thompson style):
 * matching a path costs O(segments × pattern positions) with no backtracking at all. It also answers
 * "can anything below this directory still match?", which lets a walk prune whole subtrees.
 */
export class SegmentAutomaton {
  private readonly nodes: Node[] = [];
  private readonly startState: AutomatonState;

  constructor(alternatives: readonly PathAlternative[]) {
    const starts = new Set<number>();
    for (const alternative of alternatives) {
      const first = this.nodes.length;
      for (const segment of alternative.segments) {
        // `**/**` means the same as `**`; collapsing keeps the state sets small.
        if (segment === GLOBSTAR && this.nodes.length > first && this.nodes[this.nodes.length - 1] === GLOBSTAR) continue;
        this.nodes.push(segment);
      }
      this.nodes.push({ end: true, dirOnly: alternative.dirOnly });
      this.close(starts, first);
    }
    this.startState = starts;
  }

  private close(into: Set<number>, index: number): void {
    let i = index;
    while (!into.has(i)) {
      into.add(i);
      if (this.nodes[i] !== GLOBSTAR) return;
      i++;
    }
  }

  /** The state before any segment (the base directory). */
  start(): AutomatonState {
    return this.startState;
  }

  /** The state after consuming one more path segment. */
  step(state: AutomatonState, name: string): AutomatonState {
    const next = new Set<number>();
    for (const index of state) {
      const node = this.nodes[index];
      if (node === GLOBSTAR) this.close(next, index);
      else if (node !== undefined && !isEnd(node) && node.test(name)) this.close(next, index + 1);
    }
    return next;
  }

  /** Whether the consumed path matches as a whole (`isDir` decides directory-only alternatives). */
  accepts(state: AutomatonState, isDir: boolean): boolean {
    for (const index of state) {
      const node = this.nodes[index];
      if (isEnd(node) && (isDir || !node.dirOnly)) return true;
    }
    return false;
  }

  /** Whether some longer path (below the consumed one) could still match. */
  canContinue(state: AutomatonState): boolean {
    for (const index of state) if (!isEnd(this.nodes[index])) return true;
    return false;
  }

  /** Whether the next segment `name` is spelled out literally by the pattern at this point. */
  namesLiterally(state: AutomatonState, name: string): boolean {
    for (const index of state) {
      const node = this.nodes[index];
      if (node !== undefined && node !== GLOBSTAR && !isEnd(node) && node.literal === name) return true;
    }
    return false;
  }

  /** Matches a whole path given as segments. */
  matchSegments(segments: readonly string[], isDir: boolean): boolean {
    let state = this.startState;
    for (const segment of segments) {
      state = this.step(state, segment);
      if (state.size === 0) return false;
    }
    return this.accepts(state, isDir);
  }
}
