import { buildShellContextModel, ShellContext } from './shell-context';

/** How many here-docs one text may mask; beyond it bodies stay visible (scanned: conservative). */
export const MAX_MASKED_HEREDOCS = 64;

const OPENER = /<<(-?)(?:([A-Za-z0-9_]+)|'([A-Za-z0-9_]+)'|"([A-Za-z0-9_]+)")/g;
// Bounded by blanks or operators on both sides, so `bash<<EOF` and `| sh` both keep the body visible.
const INTERPRETER_ON_LINE = /(?:^|[\s|;&(])(?:[^\s|;&()<>]*\/)?(?:sh|bash|zsh|dash|ash|ksh|csh|tcsh|busybox)(?=$|[\s<>|;&)])/i;

function lineAround(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end === -1 ? text.length : end);
}

/** Finds the end (exclusive) of a here-doc body starting at `bodyStart`: the start of its tag line. */
function findBodyEnd(text: string, bodyStart: number, tag: string, stripTabs: boolean): { end: number } {
  let lineStart = bodyStart;
  while (lineStart < text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? text.length : nl;
    let line = text.slice(lineStart, lineEnd).replace(/[ \t\r]+$/, '');
    if (stripTabs) line = line.replace(/^\t+/, '');
    if (line === tag) return { end: lineStart };
    if (nl === -1) break;
    lineStart = nl + 1;
  }
  return { end: text.length };
}

/**
 * Replaces here-doc bodies by spaces of equal length (offsets preserved), unless the opener's line
 * feeds a shell interpreter (§9.8). Data in a `cat <<EOF` body is not a command.
 */
export function maskHeredocBodies(text: string): string {
  if (!text.includes('<<')) return text;
  let current = text;
  let from = 0;
  for (let round = 0; round < MAX_MASKED_HEREDOCS && from < current.length; round += 1) {
    // Recomputed after each mask: an apostrophe in a masked body must not shift later contexts.
    const model = buildShellContextModel(current);
    OPENER.lastIndex = from;
    let match: RegExpExecArray | null = null;
    for (let m = OPENER.exec(current); m !== null; m = OPENER.exec(current)) {
      const at = m.index;
      const ctx = model.contexts[at];
      const real =
        current[at - 1] !== '<' &&
        model.escaped[at] !== 1 &&
        (ctx === ShellContext.Top || ctx === ShellContext.Substitution || ctx === ShellContext.Backtick);
      if (real) {
        match = m;
        break;
      }
    }
    if (match === null) break;
    const openerEnd = match.index + match[0].length;
    const tag = match[2] ?? match[3] ?? match[4] ?? '';
    const newline = current.indexOf('\n', openerEnd);
    if (newline === -1) break;
    const { end } = findBodyEnd(current, newline + 1, tag, match[1] === '-');
    if (!INTERPRETER_ON_LINE.test(lineAround(current, match.index))) {
      current = current.slice(0, newline + 1) + ' '.repeat(end - (newline + 1)) + current.slice(end);
    }
    // A second opener on the same line finds its terminator past this body (already blank).
    from = openerEnd;
  }
  return current;
}
