/**
 * Ratcliff/Obershelp similarity of two strings: 2·M / (|a| + |b|), where M is the number of
 * characters (UTF-16 code units) in the matching blocks found by repeatedly taking the longest common
 * substring and recursing on both sides of it. Two empty strings are identical (1). No junk heuristic.
 */
export function similarityRatio(a: string, b: string): number {
  const total = a.length + b.length;
  if (total === 0) return 1;
  return (2 * (matchingCharacters(a, b, Number.POSITIVE_INFINITY)?.count ?? 0)) / total;
}

/** A budget of elementary comparison steps shared by several `boundedSimilarityRatio` calls. */
export interface SimilarityBudget {
  steps: number;
}

/** `similarityRatio`, spending steps from `budget`; `null` once the budget ran out (no partial answer). */
export function boundedSimilarityRatio(a: string, b: string, budget: SimilarityBudget): number | null {
  const total = a.length + b.length;
  if (total === 0) return 1;
  const matched = matchingCharacters(a, b, budget.steps);
  if (matched === null) {
    budget.steps = 0;
    return null;
  }
  budget.steps -= matched.steps;
  return (2 * matched.count) / total;
}

function matchingCharacters(a: string, b: string, maxSteps: number): { count: number; steps: number } | null {
  let steps = 0;
  const positions = new Map<number, number[]>();
  for (let j = 0; j < b.length; j++) {
    const code = b.charCodeAt(j);
    const list = positions.get(code);
    if (list === undefined) positions.set(code, [j]);
    else list.push(j);
  }
  // Run lengths ending at b[j-1], for the previous and the current row of a; only touched cells are reset.
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  let previousTouched: number[] = [];
  let currentTouched: number[] = [];

  const longestMatch = (alo: number, ahi: number, blo: number, bhi: number): [number, number, number] => {
    let bestI = alo;
    let bestJ = blo;
    let bestSize = 0;
    for (let i = alo; i < ahi && steps <= maxSteps; i++) {
      const list = positions.get(a.charCodeAt(i));
      if (list !== undefined) {
        steps += list.length;
        for (const j of list) {
          if (j < blo) continue;
          if (j >= bhi) break;
          const size = previous[j]! + 1;
          current[j + 1] = size;
          currentTouched.push(j + 1);
          // Strictly longer only: the earliest longest block wins, as in Python's difflib.
          if (size > bestSize) {
            bestI = i - size + 1;
            bestJ = j - size + 1;
            bestSize = size;
          }
        }
      }
      for (const index of previousTouched) previous[index] = 0;
      [previous, current] = [current, previous];
      [previousTouched, currentTouched] = [currentTouched, previousTouched];
      currentTouched.length = 0;
    }
    for (const index of previousTouched) previous[index] = 0;
    previousTouched.length = 0;
    return [bestI, bestJ, bestSize];
  };

  let matched = 0;
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  for (let range = queue.pop(); range !== undefined; range = queue.pop()) {
    if (steps > maxSteps) return null;
    const [alo, ahi, blo, bhi] = range;
    const [i, j, size] = longestMatch(alo, ahi, blo, bhi);
    if (size === 0) continue;
    matched += size;
    if (alo < i && blo < j) queue.push([alo, i, blo, j]);
    if (i + size < ahi && j + size < bhi) queue.push([i + size, ahi, j + size, bhi]);
  }
  return steps > maxSteps ? null : { count: matched, steps };
}
