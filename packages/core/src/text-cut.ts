const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** A cut index moved back by one when it would land between a high and a low surrogate. */
export function safeCutIndex(text: string, index: number): number {
  if (index <= 0 || index >= text.length) return Math.max(0, Math.min(index, text.length));
  return isHigh(text.charCodeAt(index - 1)) && isLow(text.charCodeAt(index)) ? index - 1 : index;
}

/** The first `count` UTF-16 units, never splitting a surrogate pair. */
export function headOf(text: string, count: number): string {
  return text.slice(0, safeCutIndex(text, count));
}

/** The last `count` UTF-16 units, never splitting a surrogate pair. */
export function tailOf(text: string, count: number): string {
  const start = text.length - count;
  if (start <= 0) return text;
  const cut = safeCutIndex(text, start);
  // Moving back keeps the pair whole by including its high half.
  return text.slice(cut);
}

/** A number with en-US thousands separators, as shown to the model. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
