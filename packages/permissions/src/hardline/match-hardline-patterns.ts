import { type CommandPositions, type CommandWord, globAlias } from './command-positions';

/** The descriptions of the hardline catalogue (§9.6), in the order the patterns are tried. */
export const HARDLINE_DESCRIPTIONS = {
  rm: 'recursive delete of root / system directory / home',
  mkfs: 'filesystem creation (mkfs)',
  dd: 'dd write to raw block device',
  redirect: 'redirect output to raw block device',
  forkBomb: 'fork bomb',
  killHup: 'kill -HUP broadcast',
  killKill: 'kill -KILL broadcast',
  shutdown: 'shutdown',
  reboot: 'reboot',
  halt: 'halt',
  poweroff: 'poweroff',
  init: 'init runlevel 0/6',
  systemctl: 'systemctl power transition',
  shred: 'shred raw block device',
  wipefs: 'wipefs raw block device',
  blkdiscard: 'blkdiscard raw block device',
  partition: 'partition tool on raw block device',
  tee: 'tee write to raw block device',
  cryptsetup: 'cryptsetup luksFormat',
  diskutil: 'diskutil destructive op',
  xargsRm: 'xargs rm with recursive+force flags',
  findDelete: 'find -delete on root/system path',
  findExecRm: 'find -exec rm on root/system path',
  copyToDevice: 'copy onto raw block device',
} as const;

const B_RECURSIVE = 1;
const B_FORCE = 2;
const B_DESTRUCTIVE = 4;
const B_DELETE = 8;
const B_DEVICE = 16;
const B_OF_DEVICE = 32;
const B_LIST = 64;
const B_LUKS = 128;
const B_XARGS_RM = 256;
const B_EXEC_RM = 512;
const B_LAST_DEVICE = 1024;

const PATH_END = new Set([' ', '\t', '\n', '\r', '\v', '\f', "'", '"', '`', ')', ';', '&', '|', '*', '?', '{', '[']);
const SYSTEM_DIRS = ['etc', 'usr', 'var', 'boot', 'bin', 'sbin', 'lib', 'home', 'root'];
const RAW_DEVICE = /(?:^|[=>'"])\/dev\/(?:sd|nvme|hd|mmcblk|vd|xvd|disk|rdisk)/;
const OF_RAW_DEVICE = /^of=['"]?\/dev\/(?:sd|nvme|hd|mmcblk|vd|xvd|disk|rdisk)/;
const LIST_FLAG = /^(?:-l|--list|-p|--print)/;

function isPathEnd(ch: string | undefined, slashToo: boolean): boolean {
  return ch === undefined || PATH_END.has(ch) || (slashToo && ch === '/');
}

/** Whether a destructive path (§9.5) starts at `i` of lower-cased text. */
export function isDestructivePathAt(text: string, i: number): boolean {
  let p = i;
  if (text[p] === "'" || text[p] === '"') p += 1;
  const ch = text[p];
  if (ch === '/') {
    while (text[p] === '/') p += 1;
    // `.` / `..` components between slashes keep it the root (`/./`, `/.././`).
    for (;;) {
      if (isPathEnd(text[p], false)) return true;
      if (text[p] === '/') {
        p += 1;
        continue;
      }
      const dots = text[p] === '.' ? (text[p + 1] === '.' ? 2 : 1) : 0;
      if (dots > 0 && (text[p + dots] === '/' || isPathEnd(text[p + dots], false))) {
        p += dots;
        continue;
      }
      break;
    }
    for (const dir of SYSTEM_DIRS) {
      if (text.startsWith(dir, p) && isPathEnd(text[p + dir.length], true)) return true;
    }
    return false;
  }
  if (ch === '~') {
    p += 1;
    if (text[p] === '+' || text[p] === '-') p += 1;
    else while (p < text.length && /[a-z0-9_.-]/.test(text[p] as string)) p += 1;
    return isPathEnd(text[p], true);
  }
  if (ch === '$') {
    if (text.startsWith('$home', p)) return isPathEnd(text[p + 5], true);
    if (text.startsWith('${home', p) && !/[a-z0-9_]/.test(text[p + 6] ?? '')) {
      const close = text.indexOf('}', p);
      return close !== -1 && isPathEnd(text[close + 1], true);
    }
  }
  return false;
}

function tokenBits(text: string, start: number, end: number): number {
  const token = text.slice(start, end);
  let bits = 0;
  if (/^-[^-]/.test(token)) {
    if (token.includes('r')) bits |= B_RECURSIVE;
    if (token.includes('f')) bits |= B_FORCE;
  } else if (token.length >= 3 && token.startsWith('--')) {
    // GNU abbreviations: `--r`, `--rec` … are unique prefixes of `--recursive` for rm.
    if ('--recursive'.startsWith(token)) bits |= B_RECURSIVE;
    if ('--force'.startsWith(token)) bits |= B_FORCE;
  }
  if (isDestructivePathAt(text, start)) bits |= B_DESTRUCTIVE;
  if (token === '-delete') bits |= B_DELETE;
  if (RAW_DEVICE.test(token)) bits |= B_DEVICE;
  if (OF_RAW_DEVICE.test(token)) bits |= B_OF_DEVICE;
  if (LIST_FLAG.test(token)) bits |= B_LIST;
  if (token.includes('luksformat')) bits |= B_LUKS;
  return bits;
}

function isRmToken(token: string): boolean {
  return token === 'rm' || /^\/(?:usr\/(?:local\/)?)?s?bin\/rm$/.test(token) || (/^\/.*[?*[].*\/rm$/.test(token) && token.length <= 256);
}

const MKFS = /^mkfs(?:\.[a-z0-9_]+)?\b/;
// Filesystem/swap creators not spelled `mkfs`: only with a raw device operand.
const MKFS_LIKE = /^(?:mke2fs|mkswap|mkdosfs|mkntfs|mkexfatfs|newfs(?:_[a-z0-9]+)?)$/;
const COPY_TOOLS = new Set(['cp', 'mv', 'install', 'pv', 'rsync']);
const POWER = /^(shutdown|reboot|halt|poweroff)(?![\w.\-/])/;
const KILL_HUP_SIGNAL = /^(?:-1|-(?:sig)?hup|-s(?:sig)?hup)$/;
const KILL_KILL_SIGNAL = /^(?:-9|-(?:sig)?kill|-s(?:sig)?kill)$/;
const KILL_HUP_NAME = /^(?:sig)?hup$/;
const KILL_KILL_NAME = /^(?:sig)?kill$/;
const BROADCAST = /^-1(?![\w])/;
const RUNLEVEL = /^[06](?![\w.])/;
const SYSTEMCTL_VERB = /^(?:poweroff|reboot|halt|kexec)(?![\w-])/;
const DISKUTIL_VERB = /^(?:erasedisk|secureerase|zerodisk|erasevolume|reformat)\b/;
const REDIRECT_DEVICE = />\s*['"]?\/dev\/(?:sd|nvme|hd|mmcblk|vd|xvd|disk|rdisk)/g;
const FORK_BOMB = /:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:|(?<![a-z0-9_])([a-z_][a-z0-9_]*)\s*\(\s*\)\s*\{\s*\1\s*\|\s*\1\s*&\s*\}/g;

/** Per-command facts computed once: the command word, its name and the suffix bits of its arguments. */
interface CommandFacts {
  readonly word: CommandWord;
  readonly name: string;
  readonly followedByBlank: boolean;
  readonly bits: number;
}

/**
 * Suffix bits of every command word, computed right-to-left once per terminator class so the whole
 * catalogue is linear in the text length (no re-scan per command word).
 */
function commandFacts(positions: CommandPositions): CommandFacts[] {
  const text = positions.lower;
  const byClass = new Map<number, Int32Array>();
  const suffixFor = (ctx: number): Int32Array => {
    const cached = byClass.get(ctx);
    if (cached !== undefined) return cached;
    const out = new Int32Array(text.length + 1);
    let agg = 0;
    let tokenEnd = text.length;
    let nextTokenIsRm = false;
    let sawToken = false;
    for (let i = text.length - 1; i >= 0; i -= 1) {
      const ch = text[i] as string;
      const blank = /\s/.test(ch);
      const terminator = ch === ';' || ch === '&' || ch === '|' || ch === '\n' || ch === '\r';
      if (terminator && positions.isRealTerminator(i, ctx)) {
        agg = 0;
        nextTokenIsRm = false;
        sawToken = false;
      }
      if (blank || terminator) {
        tokenEnd = i;
      } else if (i === 0 || /[\s;&|]/.test(text[i - 1] as string)) {
        const token = text.slice(i, tokenEnd);
        let bits = tokenBits(text, i, tokenEnd);
        const rm = isRmToken(token);
        if (rm && (agg & B_RECURSIVE) !== 0 && (agg & B_FORCE) !== 0) bits |= B_XARGS_RM;
        if ((token === '-exec' || token === '-execdir') && nextTokenIsRm && (agg & B_FORCE) !== 0) bits |= B_EXEC_RM;
        // The first token met right-to-left is the command's last operand (a copy destination).
        if (!sawToken && (bits & B_DEVICE) !== 0) bits |= B_LAST_DEVICE;
        sawToken = true;
        agg |= bits;
        nextTokenIsRm = rm;
      }
      out[i] = agg;
    }
    byClass.set(ctx, out);
    return out;
  };
  return positions.words.map((word) => {
    const ctx = positions.contextAt(word.wordStart);
    const suffix = suffixFor(ctx);
    return {
      word,
      name: globAlias(positions.word(word.wordStart, word.tokenEnd)),
      followedByBlank: /\s/.test(text[word.tokenEnd] ?? ''),
      bits: suffix[word.tokenEnd] ?? 0,
    };
  });
}

function has(bits: number, ...wanted: number[]): boolean {
  return wanted.every((b) => (bits & b) !== 0);
}

/** Runs the catalogue (§9.6) in order over one inspected text; returns the first description that hits. */
export function matchHardlinePatterns(positions: CommandPositions): string | null {
  const text = positions.lower;
  const facts = commandFacts(positions);
  const first = (test: (f: CommandFacts) => boolean): boolean => facts.some(test);
  const anyReal = (re: RegExp): boolean => {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (positions.isRealMatchStart(m.index)) return true;
      if (m[0].length === 0) re.lastIndex += 1;
    }
    return false;
  };

  const tokenWord = (t: number): string =>
    t < 0 ? '' : positions.word(positions.tokenStarts[t] as number, positions.tokenEnds[t] as number);
  const nextWord = (end: number): { t: number; word: string } => {
    const t = positions.nextConnectedToken(end);
    return { t, word: tokenWord(t) };
  };
  const killShape = (f: CommandFacts, signal: RegExp, signalName: RegExp): boolean => {
    if (f.name !== 'kill') return false;
    const sig = nextWord(f.word.tokenEnd);
    if (sig.t < 0) return false;
    let last = sig.t;
    if (sig.word === '-s') {
      const name = nextWord(positions.tokenEnds[sig.t] as number);
      if (name.t < 0 || !signalName.test(name.word)) return false;
      last = name.t;
    } else if (!signal.test(sig.word)) return false;
    return BROADCAST.test(nextWord(positions.tokenEnds[last] as number).word);
  };
  const verbAfterFlags = (f: CommandFacts, name: string, verb: RegExp): boolean =>
    f.name === name && verb.test(tokenWord(positions.firstNonFlag(positions.nextConnectedToken(f.word.tokenEnd))));

  if (first((f) => f.name === 'rm' && f.followedByBlank && has(f.bits, B_RECURSIVE, B_FORCE, B_DESTRUCTIVE))) return HARDLINE_DESCRIPTIONS.rm;
  if (first((f) => MKFS.test(f.name) || (MKFS_LIKE.test(f.name) && has(f.bits, B_DEVICE)))) return HARDLINE_DESCRIPTIONS.mkfs;
  if (first((f) => f.name === 'dd' && f.followedByBlank && has(f.bits, B_OF_DEVICE))) return HARDLINE_DESCRIPTIONS.dd;
  if (anyReal(REDIRECT_DEVICE)) return HARDLINE_DESCRIPTIONS.redirect;
  if (anyReal(FORK_BOMB)) return HARDLINE_DESCRIPTIONS.forkBomb;
  if (first((f) => killShape(f, KILL_HUP_SIGNAL, KILL_HUP_NAME))) return HARDLINE_DESCRIPTIONS.killHup;
  if (first((f) => killShape(f, KILL_KILL_SIGNAL, KILL_KILL_NAME))) return HARDLINE_DESCRIPTIONS.killKill;
  for (const power of ['shutdown', 'reboot', 'halt', 'poweroff'] as const) {
    if (first((f) => POWER.exec(f.name)?.[1] === power)) return HARDLINE_DESCRIPTIONS[power];
  }
  if (first((f) => (f.name === 'init' || f.name === 'telinit') && RUNLEVEL.test(nextWord(f.word.tokenEnd).word))) return HARDLINE_DESCRIPTIONS.init;
  if (first((f) => verbAfterFlags(f, 'systemctl', SYSTEMCTL_VERB))) return HARDLINE_DESCRIPTIONS.systemctl;
  const deviceTool = (name: string): boolean => first((f) => f.name === name && has(f.bits, B_DEVICE));
  if (deviceTool('shred')) return HARDLINE_DESCRIPTIONS.shred;
  if (deviceTool('wipefs')) return HARDLINE_DESCRIPTIONS.wipefs;
  if (deviceTool('blkdiscard')) return HARDLINE_DESCRIPTIONS.blkdiscard;
  const partition = new Set(['parted', 'sgdisk', 'fdisk', 'cfdisk', 'gdisk']);
  if (first((f) => partition.has(f.name) && has(f.bits, B_DEVICE) && (f.bits & B_LIST) === 0)) return HARDLINE_DESCRIPTIONS.partition;
  if (deviceTool('tee')) return HARDLINE_DESCRIPTIONS.tee;
  if (first((f) => f.name === 'cryptsetup' && has(f.bits, B_LUKS))) return HARDLINE_DESCRIPTIONS.cryptsetup;
  if (first((f) => verbAfterFlags(f, 'diskutil', DISKUTIL_VERB))) return HARDLINE_DESCRIPTIONS.diskutil;
  if (first((f) => f.name === 'xargs' && has(f.bits, B_XARGS_RM))) return HARDLINE_DESCRIPTIONS.xargsRm;
  if (first((f) => f.name === 'find' && has(f.bits, B_DESTRUCTIVE, B_DELETE))) return HARDLINE_DESCRIPTIONS.findDelete;
  if (first((f) => f.name === 'find' && has(f.bits, B_DESTRUCTIVE, B_EXEC_RM))) return HARDLINE_DESCRIPTIONS.findExecRm;
  // Beyond the reference catalogue: `cp image /dev/sdb` writes the disk exactly like `dd of=`.
  if (first((f) => COPY_TOOLS.has(f.name) && has(f.bits, B_LAST_DEVICE))) return HARDLINE_DESCRIPTIONS.copyToDevice;
  return null;
}
