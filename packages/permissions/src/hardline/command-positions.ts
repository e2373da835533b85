import { readShellWordEnd, type ShellContextModel, ShellContext } from './shell-context';

/** One command word found at a real command position of the normalised text (§9.4). */
export interface CommandWord {
  /** Normalised index where the token holding the word starts (system-bin prefix included). */
  readonly tokenStart: number;
  /** Normalised index just past the token. */
  readonly tokenEnd: number;
  /** Normalised index of the word itself, after an optional system-bin prefix. */
  readonly wordStart: number;
}

interface WrapperFamily {
  readonly shortValue: string;
  readonly longValue: readonly string[];
  readonly operand: 'none' | 'optional-hex' | 'duration';
  readonly keyword?: boolean;
}

const SUDO: WrapperFamily = {
  shortValue: 'ughprtdcs',
  longValue: ['user', 'group', 'host', 'prompt', 'role', 'type', 'chdir', 'close-from', 'unset', 'split-string'],
  operand: 'none',
};
const NICE: WrapperFamily = { shortValue: 'ncp', longValue: ['adjustment', 'class', 'classdata', 'pid'], operand: 'none' };
const CHRT: WrapperFamily = { shortValue: 'p', longValue: ['pid'], operand: 'optional-hex' };
const TIMEOUT: WrapperFamily = { shortValue: 'sk', longValue: ['signal', 'kill-after'], operand: 'duration' };
const STDBUF: WrapperFamily = { shortValue: 'ioe', longValue: ['input', 'output', 'error'], operand: 'none' };
const XARGS: WrapperFamily = {
  shortValue: 'inpdlsea',
  longValue: ['replace', 'max-args', 'max-procs', 'delimiter', 'max-lines', 'max-chars', 'eof', 'arg-file', 'process-slot-var'],
  operand: 'none',
};
const EXEC: WrapperFamily = { shortValue: 'a', longValue: [], operand: 'none' };
const PLAIN: WrapperFamily = { shortValue: '', longValue: [], operand: 'none' };
const KEYWORD: WrapperFamily = { shortValue: '', longValue: [], operand: 'none', keyword: true };

/** Wrapper words (§9.4 item 3): the command they run sits behind their own flags. */
export const WRAPPER_FAMILIES: ReadonlyMap<string, WrapperFamily> = new Map<string, WrapperFamily>([
  ['sudo', SUDO],
  ['doas', SUDO],
  ['pkexec', SUDO],
  // xargs runs its operand as a command (`xargs sh -c …`, `xargs shutdown`).
  ['xargs', XARGS],
  ['env', SUDO],
  ['nice', NICE],
  ['ionice', NICE],
  ['chrt', CHRT],
  ['taskset', CHRT],
  ['timeout', TIMEOUT],
  ['stdbuf', STDBUF],
  ['exec', EXEC],
  ...['command', 'builtin', 'eval', 'nohup', 'setsid', 'time', 'coproc', 'busybox'].map((w): [string, WrapperFamily] => [w, PLAIN]),
  // `if`, `while`, `until` start a pipeline exactly like `then` / `do`; only after a real separator.
  ...['then', 'do', 'else', 'elif', 'if', 'while', 'until'].map((w): [string, WrapperFamily] => [w, KEYWORD]),
]);

/** Shell interpreters whose `-c` body is a script (§9.4 item 4, §9.7). */
export const SHELL_INTERPRETERS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ash', 'ksh', 'csh', 'tcsh', 'busybox', 'su']);

/** Command names the floor cares about: a globbed command word (`/bin/r?`) is read as the first one it matches. */
export const GLOB_ALIAS_TARGETS: readonly string[] = [
  'rm', 'dd', 'mkfs', 'shred', 'wipefs', 'blkdiscard', 'parted', 'sgdisk', 'fdisk', 'cfdisk', 'gdisk', 'tee', 'cryptsetup',
  'diskutil', 'xargs', 'find', 'kill', 'shutdown', 'reboot', 'halt', 'poweroff', 'init', 'telinit', 'systemctl',
  'sudo', 'doas', 'env', 'nice', 'ionice', 'chrt', 'taskset', 'timeout', 'stdbuf', 'exec', 'command', 'builtin', 'eval',
  'nohup', 'setsid', 'busybox', 'sh', 'bash', 'zsh', 'dash', 'ksh', 'pkexec',
];

/** The word itself, or, when it holds glob characters, the first `GLOB_ALIAS_TARGETS` name it can expand to. */
export function globAlias(word: string): string {
  if (!/[?*[]/.test(word) || word.length > MAX_WORD) return word;
  let source = '';
  for (let i = 0; i < word.length; i += 1) {
    const ch = word[i] as string;
    if (ch === '*') source += '.*';
    else if (ch === '?') source += '.';
    else if (ch === '[') {
      const close = word.indexOf(']', i + 2);
      if (close === -1) return word;
      source += `[${word.slice(i + 1, close).replace(/^!/, '^').replace(/[\\\]]/g, '\\$&')}]`;
      i = close;
    } else source += ch.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^(?:${source})$`);
  } catch {
    return word;
  }
  return GLOB_ALIAS_TARGETS.find((name) => pattern.test(name)) ?? word;
}

/** Longest word the matchers compare; longer tokens are compared by their first characters only. */
export const MAX_WORD = 64;

const SYSTEM_BIN_PREFIXES = ['/usr/local/sbin/', '/usr/local/bin/', '/usr/sbin/', '/usr/bin/', '/sbin/', '/bin/'];
const SEGMENT_SEPARATORS = new Set([';', '&', '|', '`', '\n', '\r', '(', ')', '{', '!']);
const TOKEN_TERMINATORS = new Set([';', '&', '|', '`', '\n', '\r']);
const DURATION = /^(?:\d+(?:\.\d*)?|\.\d+)[smhd]?$/;
const HEX_OPERAND = /^(?:0x[0-9a-f]+|[0-9a-f][0-9a-f,-]*)$/;
const CLUSTER_ENDING_IN_C = /^-[a-z]*c$/;

function isBlank(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\v' || ch === '\f';
}

type Work =
  | { readonly kind: 'cmd'; readonly pos: number; readonly keyword: boolean }
  | { readonly kind: 'wrap'; readonly pos: number; readonly family: WrapperFamily; readonly name: string }
  | { readonly kind: 'interp'; readonly pos: number };

/**
 * Finds every command word at a real command position of a context model, in time linear in the
 * text: every per-position question is answered from arrays precomputed in one pass, and each
 * parser state is visited once.
 */
export class CommandPositions {
  /** Lower-cased normalised text (ASCII only, so offsets are unchanged). */
  readonly lower: string;
  readonly words: CommandWord[] = [];
  /** Start and end of every blank/terminator-separated token, in order. */
  readonly tokenStarts: number[] = [];
  readonly tokenEnds: number[] = [];
  private readonly tokenEndAt: Int32Array;
  private readonly nonBlankAt: Int32Array;
  private readonly identEndAt: Int32Array;
  private readonly lastSlashBefore: Int32Array;
  private readonly globPrefix: Int32Array;
  private readonly firstTokenFrom: Int32Array;
  private readonly terminatorCache = new Map<number, Int32Array>();
  /** `normAtOriginal[o]`: first normalised index whose original offset is at or after `o`. */
  private normAtOriginal: Int32Array | null = null;
  private readonly visited = new Map<string, Uint8Array>();

  constructor(private readonly model: ShellContextModel) {
    const text = model.normalized.replace(/[A-Z]+/g, (s) => s.toLowerCase());
    this.lower = text;
    const n = text.length;
    this.tokenEndAt = new Int32Array(n + 1);
    this.nonBlankAt = new Int32Array(n + 1);
    this.identEndAt = new Int32Array(n + 1);
    this.firstTokenFrom = new Int32Array(n + 1);
    this.tokenEndAt[n] = n;
    this.nonBlankAt[n] = n;
    this.identEndAt[n] = n;
    for (let i = n - 1; i >= 0; i -= 1) {
      const ch = text[i] as string;
      const boundary = isBlank(ch) || TOKEN_TERMINATORS.has(ch);
      this.tokenEndAt[i] = boundary ? i : (this.tokenEndAt[i + 1] as number);
      this.nonBlankAt[i] = isBlank(ch) ? (this.nonBlankAt[i + 1] as number) : i;
      this.identEndAt[i] = /[a-z0-9_]/.test(ch) ? (this.identEndAt[i + 1] as number) : i;
    }
    this.lastSlashBefore = new Int32Array(n + 1);
    this.globPrefix = new Int32Array(n + 1);
    let lastSlash = -1;
    for (let i = 0; i < n; i += 1) {
      const ch = text[i] as string;
      this.lastSlashBefore[i] = lastSlash;
      this.globPrefix[i + 1] = (this.globPrefix[i] as number) + (ch === '?' || ch === '*' || ch === '[' ? 1 : 0);
      if (ch === '/') lastSlash = i;
      const boundary = isBlank(ch) || TOKEN_TERMINATORS.has(ch);
      const previous = text[i - 1];
      if (!boundary && (i === 0 || isBlank(previous) || TOKEN_TERMINATORS.has(previous as string))) {
        this.tokenStarts.push(i);
        this.tokenEnds.push(this.tokenEndAt[i] as number);
      }
    }
    this.lastSlashBefore[n] = lastSlash;
    let t = this.tokenStarts.length;
    for (let i = n; i >= 0; i -= 1) {
      if (t > 0 && this.tokenStarts[t - 1] === i) t -= 1;
      this.firstTokenFrom[i] = t;
    }
    this.scan();
  }

  /** Whether a match starting at normalised index `start` is real shell syntax (§9.3). */
  isRealMatchStart(start: number): boolean {
    const text = this.lower;
    if (start === 0 && !SEGMENT_SEPARATORS.has(text[0] ?? '') && text[0] !== '$') return true;
    if (this.model.quotedLiteral[start] === 1) return false;
    const o = this.model.indexMap[start];
    if (o === undefined || this.model.escaped[o] === 1) return false;
    const ctx = this.model.contexts[o];
    if (ctx === ShellContext.Single) return false;
    if (ctx === ShellContext.Double) return this.model.text[o] === '$' || this.model.text[o] === '`';
    return true;
  }

  /** Original quoting context at normalised index `i`. */
  contextAt(i: number): number {
    const o = this.model.indexMap[i];
    return o === undefined ? ShellContext.Top : (this.model.contexts[o] ?? ShellContext.Top);
  }

  /** Whether the separator at normalised `i` ends a command that started in context `ctx`. */
  isRealTerminator(i: number, ctx: number): boolean {
    if (this.model.quotedLiteral[i] === 1) return false;
    const o = this.model.indexMap[i];
    if (o === undefined || this.model.escaped[o] === 1) return false;
    const c = this.model.contexts[o];
    return c === ctx || c === ShellContext.Top || c === ShellContext.Substitution || c === ShellContext.Backtick;
  }

  /** Index of the first real `; & | newline CR` at or after `i` for a command in context `ctx` (text length if none). */
  commandEnd(i: number, ctx: number): number {
    let table = this.terminatorCache.get(ctx);
    if (table === undefined) {
      const text = this.lower;
      table = new Int32Array(text.length + 1);
      table[text.length] = text.length;
      for (let k = text.length - 1; k >= 0; k -= 1) {
        const ch = text[k] as string;
        const term = (ch === ';' || ch === '&' || ch === '|' || ch === '\n' || ch === '\r') && this.isRealTerminator(k, ctx);
        table[k] = term ? k : (table[k + 1] as number);
      }
      this.terminatorCache.set(ctx, table);
    }
    return table[Math.min(i, this.lower.length)] as number;
  }

  /** Reads the token at or after `pos` (blanks skipped, stops at terminators), or null. O(1). */
  readToken(pos: number): { start: number; end: number } | null {
    if (pos > this.lower.length) return null;
    const start = this.nonBlankAt[pos] as number;
    if (start >= this.lower.length || TOKEN_TERMINATORS.has(this.lower[start] as string)) return null;
    return { start, end: this.tokenEndAt[start] as number };
  }

  /** Index in `tokenStarts` of the first table token starting at or after `pos`. */
  tokenIndexFrom(pos: number): number {
    return this.firstTokenFrom[Math.min(pos, this.lower.length)] as number;
  }

  /** The first `MAX_WORD` characters of `[start, end)`. */
  word(start: number, end: number): string {
    return this.lower.slice(start, Math.min(end, start + MAX_WORD));
  }

  /** Length of the system-bin prefix (§9.5) of the token `[start, end)`. */
  systemBinPrefixLength(start: number, end: number): number {
    if (this.lower[start] !== '/') return 0;
    for (const prefix of SYSTEM_BIN_PREFIXES) if (this.lower.startsWith(prefix, start) && start + prefix.length <= end) return prefix.length;
    const slash = this.lastSlashBefore[end] as number;
    // `/[b]in/rm`, `/u?r/bin/rm`: the shell globs the directory back to a system one.
    return slash >= start && (this.globPrefix[slash] as number) - (this.globPrefix[start] as number) > 0 ? slash + 1 - start : 0;
  }

  /** The last path segment of the token `[start, end)`, capped. */
  baseNameOf(start: number, end: number): string {
    const slash = this.lastSlashBefore[end] as number;
    return this.word(slash >= start ? slash + 1 : start, end);
  }

  /**
   * Normalised index just past the whole shell word holding the token at `start`: quoted blanks
   * (`FOO='a b'`, `sudo -u "x y"`) do not end a word, even though normalisation dropped the quotes.
   */
  shellWordEnd(start: number, tokenEnd: number): number {
    const o = this.model.indexMap[start];
    if (o === undefined || this.model.quotedLiteral[start] === 1) return tokenEnd;
    let wordStart = o;
    // Include an opening quote dropped just before the token (`'a b'` starts at the quote).
    while (wordStart > 0 && (this.model.text[wordStart - 1] === "'" || this.model.text[wordStart - 1] === '"')) wordStart -= 1;
    const originalEnd = readShellWordEnd(this.model.text, wordStart);
    if (this.normAtOriginal === null) {
      const table = new Int32Array(this.model.text.length + 1).fill(this.lower.length);
      for (let i = this.lower.length - 1; i >= 0; i -= 1) table[this.model.indexMap[i] as number] = i;
      for (let k = this.model.text.length - 1; k >= 0; k -= 1) table[k] = Math.min(table[k] as number, table[k + 1] as number);
      this.normAtOriginal = table;
    }
    return Math.max(tokenEnd, this.normAtOriginal[originalEnd] as number);
  }

  /** Whether the token `[start, end)` is a `NAME=VALUE` assignment. */
  isAssignment(start: number, end: number): boolean {
    const identEnd = this.identEndAt[start] as number;
    return /[a-z_]/.test(this.lower[start] ?? '') && identEnd < end && this.lower[identEnd] === '=';
  }

  private readonly chainCache = new Map<string, Int32Array>();

  /**
   * For each table token, the index of the first token of its blank-connected run (itself included)
   * that `skip` does not skip, or -1 when the run ends first. Computed once per `key`, right to left.
   */
  private chain(key: string, skip: (t: number) => boolean): Int32Array {
    let table = this.chainCache.get(key);
    if (table === undefined) {
      const count = this.tokenStarts.length;
      table = new Int32Array(count + 1).fill(-1);
      for (let t = count - 1; t >= 0; t -= 1) {
        if (!skip(t)) table[t] = t;
        else table[t] = this.connected(t) ? (table[t + 1] as number) : -1;
      }
      this.chainCache.set(key, table);
    }
    return table;
  }

  /** Whether table token `t + 1` follows token `t` with only blanks between them. */
  connected(t: number): boolean {
    const end = this.tokenEnds[t];
    const next = this.tokenStarts[t + 1];
    return end !== undefined && next !== undefined && this.nonBlankAt[end] === next;
  }

  /** The table token right after position `end` when only blanks separate them, else -1. */
  nextConnectedToken(end: number): number {
    const t = this.tokenIndexFrom(end);
    return this.tokenStarts[t] !== undefined && this.nonBlankAt[end] === this.tokenStarts[t] ? t : -1;
  }

  /** First token of the connected run from `t` that is not a `-flag`, or -1. */
  firstNonFlag(t: number): number {
    if (t < 0) return -1;
    return this.chain('nonflag', (k) => this.lower[this.tokenStarts[k] as number] === '-')[t] as number;
  }

  /**
   * First token of the connected run from `t` that is not an interpreter option (`-x`, `+x`,
   * `NAME=V`, the value of `-o`); a `-c` cluster or a `<<<` here-string stops the run. -1 if none.
   */
  firstInterpreterOperand(t: number): number {
    if (t < 0) return -1;
    return this.chain('interp', (k) => {
      const start = this.tokenStarts[k] as number;
      const end = this.tokenEnds[k] as number;
      const token = this.word(start, end);
      if (end - start <= MAX_WORD && CLUSTER_ENDING_IN_C.test(token)) return false;
      if (token.startsWith('<<<')) return false;
      if (token.startsWith('-') || token.startsWith('+') || this.isAssignment(start, end)) return true;
      const previous = k > 0 ? this.word(this.tokenStarts[k - 1] as number, this.tokenEnds[k - 1] as number) : '';
      return (previous === '-o' || previous === '+o') && this.connected(k - 1);
    })[t] as number;
  }

  private scan(): void {
    const text = this.lower;
    if (text.length === 0) return;
    const work: Work[] = [];
    if (!SEGMENT_SEPARATORS.has(text[0] as string) && this.isRealMatchStart(0)) work.push({ kind: 'cmd', pos: 0, keyword: true });
    for (let i = 0; i < text.length; i += 1) {
      if (!SEGMENT_SEPARATORS.has(text[i] as string)) continue;
      const matchStart = text[i] === '(' && i > 0 && text[i - 1] === '$' ? i - 1 : i;
      if (this.isRealMatchStart(matchStart)) work.push({ kind: 'cmd', pos: i + 1, keyword: true });
    }
    // An explicit work list: a 100 kB wrapper chain must neither recurse nor revisit a state.
    for (let item = work.pop(); item !== undefined; item = work.pop()) {
      if (item.kind === 'cmd') this.parseCommand(item.pos, item.keyword, work);
      else if (item.kind === 'wrap') this.parseWrapperArgs(item.pos, item.family, item.name, work);
      else this.parseInterpreter(item.pos, work);
    }
  }

  /** Marks parser state (`kind`, token start) visited; false when it already was. Bitsets, not strings: no GC churn. */
  private once(kind: string, start: number): boolean {
    let seen = this.visited.get(kind);
    if (seen === undefined) {
      seen = new Uint8Array(this.lower.length + 1);
      this.visited.set(kind, seen);
    }
    if (seen[start] === 1) return false;
    seen[start] = 1;
    return true;
  }

  private parseCommand(pos: number, allowKeyword: boolean, work: Work[]): void {
    const tok = this.readToken(pos);
    if (tok === null || !this.once(allowKeyword ? 'c1' : 'c0', tok.start)) return;
    const prefix = this.systemBinPrefixLength(tok.start, tok.end);
    this.words.push({ tokenStart: tok.start, tokenEnd: tok.end, wordStart: tok.start + prefix });
    if (this.isAssignment(tok.start, tok.end)) {
      work.push({ kind: 'cmd', pos: tok.end, keyword: allowKeyword });
      work.push({ kind: 'cmd', pos: this.shellWordEnd(tok.start, tok.end), keyword: allowKeyword });
      return;
    }
    const word = tok.end - tok.start - prefix <= MAX_WORD ? globAlias(this.word(tok.start + prefix, tok.end)) : '';
    const family = WRAPPER_FAMILIES.get(word);
    if (family !== undefined && (family.keyword !== true || allowKeyword)) work.push({ kind: 'wrap', pos: tok.end, family, name: word });
    if (SHELL_INTERPRETERS.has(this.baseNameOf(tok.start, tok.end))) work.push({ kind: 'interp', pos: tok.end });
  }

  private isValueFlag(token: string, family: WrapperFamily): boolean {
    if (token.length === 2 && token[0] === '-' && token[1] !== '-' && family.shortValue.includes(token[1] as string)) return true;
    if (!token.startsWith('--') || token.length < 3 || token.includes('=')) return false;
    const name = token.slice(2);
    return family.longValue.some((long) => long.startsWith(name));
  }

  private parseWrapperArgs(pos: number, family: WrapperFamily, name: string, work: Work[]): void {
    const tok = this.readToken(pos);
    if (tok === null || !this.once(`w${name}`, tok.start)) return;
    const short = tok.end - tok.start <= MAX_WORD;
    const token = this.word(tok.start, tok.end);
    // The flag loop may end here: this token is the operand or the command.
    if (family.operand === 'none') work.push({ kind: 'cmd', pos: tok.start, keyword: false });
    else if (family.operand === 'optional-hex') {
      work.push({ kind: 'cmd', pos: tok.start, keyword: false });
      if (short && HEX_OPERAND.test(token)) work.push({ kind: 'cmd', pos: tok.end, keyword: false });
    } else if (short && DURATION.test(token)) work.push({ kind: 'cmd', pos: tok.end, keyword: false });
    if (this.isAssignment(tok.start, tok.end)) {
      work.push({ kind: 'wrap', pos: tok.end, family, name });
      work.push({ kind: 'wrap', pos: this.shellWordEnd(tok.start, tok.end), family, name });
    } else if (token.startsWith('-')) {
      if (short && this.isValueFlag(token, family)) {
        const value = this.readToken(tok.end);
        // Both readings are followed (value or none): a wrapper word may also be a user or group name.
        if (value !== null && this.lower[value.start] !== '-') {
          work.push({ kind: 'wrap', pos: value.end, family, name });
          work.push({ kind: 'wrap', pos: this.shellWordEnd(value.start, value.end), family, name });
        }
      }
      work.push({ kind: 'wrap', pos: tok.end, family, name });
    }
  }

  private parseInterpreter(pos: number, work: Work[]): void {
    const tok = this.readToken(pos);
    if (tok === null || !this.once('i', tok.start)) return;
    const token = this.word(tok.start, tok.end);
    if (tok.end - tok.start <= MAX_WORD && CLUSTER_ENDING_IN_C.test(token)) {
      work.push({ kind: 'cmd', pos: tok.end, keyword: true });
    } else if (token === '-o' || token === '+o') {
      const value = this.readToken(tok.end);
      if (value !== null) work.push({ kind: 'interp', pos: value.end });
    } else if (token.startsWith('-') || token.startsWith('+')) work.push({ kind: 'interp', pos: tok.end });
  }
}
