/** A count or size as shown to the model: en-US thousands separators (`2,000`). */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** The first `count` UTF-16 code units of `text`, one fewer when the cut would split a surrogate pair. */
export function headOf(text: string, count: number): string {
  if (count >= text.length) return text;
  if (count <= 0) return '';
  const splitsPair = isHighSurrogate(text.charCodeAt(count - 1)) && isLowSurrogate(text.charCodeAt(count));
  return text.slice(0, splitsPair ? count - 1 : count);
}

/** A line cut to `max` code units (never inside a surrogate pair); `omitted` counts what was dropped. */
export function capLine(line: string, max: number): { text: string; omitted: number } {
  if (line.length <= max) return { text: line, omitted: 0 };
  const text = headOf(line, max);
  return { text, omitted: line.length - text.length };
}

/** Unicode code-point order (unlike `<`, which compares UTF-16 code units); locale-independent. */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (astral characters) sort after every BMP unit, as their code points do.
    const rankX = x >= 0xd800 && x <= 0xdfff ? x + 0x2000 : x >= 0xe000 ? x - 0x800 : x;
    const rankY = y >= 0xd800 && y <= 0xdfff ? y + 0x2000 : y >= 0xe000 ? y - 0x800 : y;
    return rankX - rankY;
  }
  return a.length - b.length;
}
