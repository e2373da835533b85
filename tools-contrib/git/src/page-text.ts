/** One page of a long text: `text.slice(offset, offset + max)` plus where the next page starts. */
export function pageText(text: string, offset: number, max: number): { output: string; total_chars: number; has_more: boolean; next_offset: number | null } {
  const output = text.slice(offset, offset + max);
  const end = offset + output.length;
  const hasMore = end < text.length;
  return { output, total_chars: text.length, has_more: hasMore, next_offset: hasMore ? end : null };
}
