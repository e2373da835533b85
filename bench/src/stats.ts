/** Median, minimum and maximum of a sample. */
export interface Summary {
  median: number;
  min: number;
  max: number;
  count: number;
}

/** Summarises `values` (which must be non-empty). */
export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new RangeError('summarize(): no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number, count: sorted.length };
}

/** Per-round ratios `ours[i] / raw[i]` of two paired samples. */
export function pairedRatios(ours: readonly number[], raw: readonly number[]): number[] {
  if (ours.length !== raw.length) throw new RangeError('pairedRatios(): samples differ in length');
  return ours.map((value, index) => value / (raw[index] as number));
}
