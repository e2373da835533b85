import { type CommandPositions, MAX_WORD, SHELL_INTERPRETERS } from './command-positions';
import { normalizeIndirectBody, readShellWordEnd, type ShellContextModel } from './shell-context';

const VARIABLE_INTERPRETER = /^\$(?:[a-z_][a-z0-9_]*|\{[a-z_][a-z0-9_]*\})$/;
const CLUSTER_ENDING_IN_C = /^-[a-z]*c$/;
const ECHO_AFTER_OPENER = /^\s*(?:echo|printf)(?:\s|$)/;
const ECHO_HEAD = /^\s*(?:echo|printf)(?:\s+|$)/i;
const ECHO_FLAGS = /^(?:-[a-z]+\s+)*/i;

/** Index of the `)` closing the `(` at `open`, honouring quotes and nesting; the text end when unclosed. */
export function findClosingParen(text: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === "'") {
      const close = text.indexOf("'", i + 1);
      i = close === -1 ? text.length : close + 1;
      continue;
    }
    if (ch === '"') {
      i = skipDoubleQuoted(text, i);
      continue;
    }
    if (ch === '(') depth += 1;
    else if (ch === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
    i += 1;
  }
  return text.length;
}

function skipDoubleQuoted(text: string, open: number): number {
  let i = open + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return i + 1;
    else i += 1;
  }
  return text.length;
}

function skipBlanks(text: string, i: number): number {
  let p = i;
  for (;;) {
    if (text[p] === ' ' || text[p] === '\t') p += 1;
    else if (text[p] === '\\' && text[p + 1] === '\n') p += 2;
    else return p;
  }
}

/** The body of an `echo` / `printf` invocation text (`echo -e ARGS` → `ARGS`), normalised, or null. */
function echoArgs(raw: string): string | null {
  const head = ECHO_HEAD.exec(raw);
  if (head === null) return null;
  const rest = raw.slice(head[0].length);
  const flags = ECHO_FLAGS.exec(rest);
  return normalizeIndirectBody(rest.slice(flags === null ? 0 : flags[0].length)).trim();
}

/** The shell word starting at (or after blanks from) original offset `from`, normalised. */
function wordAt(model: ShellContextModel, from: number): string {
  const start = skipBlanks(model.text, from);
  return normalizeIndirectBody(model.text.slice(start, readShellWordEnd(model.text, start)));
}

/**
 * The nested scripts of one inspected text (§9.7): interpreter `-c` bodies, here-strings, `echo … |
 * sh`, `source <(echo …)` and `$(echo …)` at a command position. Each is checked like a top-level command.
 */
export function extractIndirectScripts(model: ShellContextModel, positions: CommandPositions, limit: number): string[] {
  const bodies: string[] = [];
  const text = positions.lower;
  const original = model.text;
  const originalAfter = (normalisedEnd: number): number => (model.indexMap[normalisedEnd - 1] ?? -1) + 1;
  const push = (body: string | null): boolean => {
    if (body !== null) bodies.push(body);
    return bodies.length > limit;
  };
  for (const word of positions.words) {
    const token = positions.word(word.tokenStart, word.tokenEnd);
    const name = positions.baseNameOf(word.tokenStart, word.tokenEnd);
    const isShell = SHELL_INTERPRETERS.has(name);
    const first = positions.nextConnectedToken(word.tokenEnd);
    // 1. interpreter -c body (a `$EDITOR -c …` is followed too; a clean body stays allowed).
    // 2. here-string: `bash [flags | NAME=V]* <<< body`.
    if (isShell || VARIABLE_INTERPRETER.test(token)) {
      const operand = positions.firstInterpreterOperand(first);
      if (operand >= 0) {
        const start = positions.tokenStarts[operand] as number;
        const end = positions.tokenEnds[operand] as number;
        const flag = positions.word(start, end);
        if (end - start <= MAX_WORD && CLUSTER_ENDING_IN_C.test(flag)) {
          let o = originalAfter(end);
          while (original[o] === "'" || original[o] === '"') o += 1;
          if (push(wordAt(model, o))) return bodies;
        } else if (isShell && flag.startsWith('<<<')) {
          if (push(wordAt(model, originalAfter(start + 3)))) return bodies;
        }
      }
    }
    // 2b. here-string glued to the interpreter: `bash<<<body`.
    const attached = /^(?:\S*\/)?(?:sh|bash|zsh|dash|ash|ksh|csh|tcsh|busybox)<<</.exec(token);
    if (attached !== null && push(wordAt(model, originalAfter(word.tokenStart + attached[0].length)))) return bodies;
    // 3. echo|printf ARGS | [path/]shell
    if (name === 'echo' || name === 'printf') {
      const end = positions.commandEnd(word.tokenEnd, positions.contextAt(word.wordStart));
      if (text[end] === '|' && text[end + 1] !== '|') {
        const next = positions.readToken(end + 1);
        if (next !== null && SHELL_INTERPRETERS.has(positions.baseNameOf(next.start, next.end))) {
          const from = model.indexMap[word.tokenStart] ?? 0;
          const to = model.indexMap[end] ?? original.length;
          if (push(echoArgs(original.slice(from, to)))) return bodies;
        }
      }
    }
    // 4. source|.|shell <(echo ARGS)
    if ((name === 'source' || name === '.' || isShell) && first >= 0 && text.startsWith('<(', positions.tokenStarts[first])) {
      const open = (model.indexMap[positions.tokenStarts[first] as number] ?? 0) + 1;
      if (push(echoArgs(original.slice(open + 1, findClosingParen(original, open))))) return bodies;
    }
  }
  // 5. `$(echo ARGS)` or `` `echo ARGS` `` at a command position: bash re-parses the output.
  for (let i = 0; i < text.length; i += 1) {
    const opener = text[i] === '`' ? 1 : text[i] === '$' && text[i + 1] === '(' ? 2 : 0;
    if (opener === 0 || !ECHO_AFTER_OPENER.test(text.slice(i + opener, i + opener + 16)) || !positions.isRealMatchStart(i)) continue;
    let before = i - 1;
    while (before >= 0 && /[ \t]/.test(text[before] as string)) before -= 1;
    const atCommandPosition = before < 0 || /[;&|`\n\r(){!]/.test(text[before] as string);
    if (!atCommandPosition) continue;
    const o = model.indexMap[i] ?? 0;
    const close = opener === 2 ? findClosingParen(original, o + 1) : original.indexOf('`', o + 1);
    if (push(echoArgs(original.slice(o + opener, close === -1 ? original.length : close)))) return bodies;
  }
  return bodies;
}
