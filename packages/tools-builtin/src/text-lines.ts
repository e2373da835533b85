/** The line terminators every file tool recognises: `\r\n`, `\r` or `\n` (nothing else). */
export const LINE_BREAK = /\r\n|\r|\n/;

/** Lines split on `\r\n`, `\r` or `\n`, terminators dropped; a final terminator adds no empty line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(LINE_BREAK);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Lines split on `\r\n`, `\r` or `\n`, each keeping its terminator; the last may have none. */
export function splitLinesKeepEnds(text: string): string[] {
  const lines: string[] = [];
  const breaks = /\r\n|\r|\n/g;
  let start = 0;
  for (let match = breaks.exec(text); match !== null; match = breaks.exec(text)) {
    const end = match.index + match[0].length;
    lines.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** Whether `text` ends with a line terminator. */
export function endsWithLineBreak(text: string): boolean {
  return text.endsWith('\n') || text.endsWith('\r');
}

/**
 * Scans `text` once, counting its lines (as `splitLines` does) and returning at most `count` of them
 * starting at the 0-based line `from`, without materialising the others (huge files stay cheap).
 */
export function sliceLines(text: string, from: number, count: number): { total: number; lines: string[] } {
  const lines: string[] = [];
  let total = 0;
  let start = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 10 && code !== 13) continue;
    if (total >= from && total < from + count) lines.push(text.slice(start, i));
    total += 1;
    if (code === 13 && text.charCodeAt(i + 1) === 10) i += 1;
    start = i + 1;
  }
  if (start < length) {
    if (total >= from && total < from + count) lines.push(text.slice(start));
    total += 1;
  }
  return { total, lines };
}
