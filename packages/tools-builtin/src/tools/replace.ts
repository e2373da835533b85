import { type JsonSchema, Tool, type ToolContext } from '@agentao/core';

import { containWritePath } from '../contain-write-path';
import { type FileToolFacts } from '../file-tool-facts';
import { orErrorResult } from '../or-error-result';
import { boundedSimilarityRatio } from '../similarity-ratio';
import { formatCount } from '../text-format';
import { endsWithLineBreak, splitLines, splitLinesKeepEnds } from '../text-lines';
import { readArgs, booleanArg, stringArg } from '../tool-args';

/** The not-found hint shows the most similar passage only when its similarity ratio exceeds this. */
export const SIMILARITY_THRESHOLD = 0.4;
/** Comparison steps the not-found hint may spend looking for the most similar passage (keeps a huge file or old_text fast). */
export const REPLACE_HINT_MAX_STEPS = 30_000_000;
/** Default of `replace_all`: only the first occurrence is replaced. */
export const REPLACE_DEFAULT_REPLACE_ALL = false;
/** Suffix of a result whose match came from the whitespace-tolerant tier. */
export const REPLACE_SUFFIX_FLEXIBLE = ' (flexible whitespace match)';
/** Suffix of a result whose match came from the typography-tolerant tier. */
export const REPLACE_SUFFIX_UNICODE = ' (unicode-normalized match)';
/** The refusal of an empty `old_text`. */
export const REPLACE_EMPTY_OLD_TEXT =
  'Error: old_text is empty. Provide the exact text to replace; to create or overwrite a file use write_file instead.';
/** Advice of the ambiguity report when `replace_all` would be safe. */
export const REPLACE_ADVICE_ALL =
  'include more surrounding context to make it unique, or pass replace_all=true to change all';
/** Advice of the ambiguity report for a growing edit (`new_text` contains `old_text`). */
export const REPLACE_ADVICE_UNIQUE = 'include more surrounding context to make it unique';
/** Caution appended to the ambiguity report for a growing edit. */
export const REPLACE_GROWING_CAUTION =
  ' Note: new_text contains old_text, so replace_all would re-edit the site just changed — target the remaining sites individually.';

/** The fixed texts and markers `replace` can return. */
export const REPLACE_RESULT_MARKERS: readonly string[] = Object.freeze([
  ' occurrence(s) in ',
  'Replaced the first of ',
  ' occurrence(s) of old_text remain — if you meant a different one, ',
  REPLACE_ADVICE_ALL,
  REPLACE_GROWING_CAUTION,
  REPLACE_SUFFIX_FLEXIBLE,
  REPLACE_SUFFIX_UNICODE,
  'Error: Old text not found in ',
  'Most similar text (lines ',
  REPLACE_EMPTY_OLD_TEXT,
  'Error: PathPolicy: refused ',
  'Error editing file: ',
]);

const SIMILARITY_PERCENT = `${Math.round(SIMILARITY_THRESHOLD * 100)}%`;

const DESCRIPTION = [
  'Edit an existing file by replacing text: finds `old_text` and puts `new_text` in its place. Prefer it over write_file for changes to an existing file.',
  '',
  'Matching tiers, tried in this order (the first that finds anything is used):',
  '- exact: the text as given;',
  '- whitespace-tolerant: line by line, ignoring leading and trailing whitespace of each line;',
  '- typography-tolerant: like the whitespace-tolerant tier after Unicode NFKC normalisation and mapping typographic dashes, curly quotes and special spaces to ASCII `-`, `\'`, `"` and space.',
  'The tolerant tiers replace whole lines: give `new_text` the full lines with their indentation; the line ending after the last matched line is kept unless `old_text` ends with a line break.',
  '`new_text` is inserted literally: `$` sequences such as `$&` or `$$` have no special meaning. A byte order mark at the start of the file and the line endings outside the replaced text are kept.',
  `Only the first occurrence is replaced unless \`replace_all\` is true (default: ${String(REPLACE_DEFAULT_REPLACE_ALL)}). When \`old_text\` occurred more than once and only the first was replaced, the result is the ambiguity report \`Replaced the first of <total> occurrences in <file_path>. <remaining> occurrence(s) of old_text remain — if you meant a different one, ${REPLACE_ADVICE_ALL}.\` (for a growing edit, where \`new_text\` contains \`old_text\`, the advice is \`${REPLACE_ADVICE_UNIQUE}.${REPLACE_GROWING_CAUTION}\`).`,
  `When nothing matches: \`Error: Old text not found in <file_path>\`, followed by \`Most similar text (lines <a>-<b>, <pct>% similar):\` and that passage when a bounded search finds a passage of the file, with as many lines as \`old_text\`, whose similarity ratio is above ${SIMILARITY_THRESHOLD} (${SIMILARITY_PERCENT}).`,
  'The path must stay inside the working directory (symlinks are resolved before the check). The file must be UTF-8 text.',
  '',
  `Results: \`Replaced <n> occurrence(s) in <file_path>\`, ending with \`${REPLACE_SUFFIX_FLEXIBLE}\` or \`${REPLACE_SUFFIX_UNICODE}\` when a tolerant tier matched (the ambiguity report carries the same suffix); the ambiguity report; the not-found error above;`,
  `\`${REPLACE_EMPTY_OLD_TEXT}\`;`,
  "`Error: PathPolicy: refused '<file_path>' — resolves to '<path>', outside the workspace root '<root>'`;",
  '`Error editing file: <message>` (missing file, not valid UTF-8, or another failure).',
].join('\n');

const PARAMETERS: JsonSchema = Object.freeze({
  type: 'object',
  properties: {
    file_path: {
      type: 'string',
      description: 'Path of the file to edit: absolute or relative to the working directory; it must resolve inside the working directory.',
    },
    old_text: { type: 'string', description: 'The text to find; include enough surrounding lines to make it unique. Must not be empty.' },
    new_text: { type: 'string', description: 'The replacement text, inserted literally.' },
    replace_all: {
      type: 'boolean',
      default: REPLACE_DEFAULT_REPLACE_ALL,
      description: `true replaces every occurrence; false replaces only the first (default: ${String(REPLACE_DEFAULT_REPLACE_ALL)}).`,
    },
  },
  required: ['file_path', 'old_text', 'new_text'],
  additionalProperties: false,
});

/** The facts manifest of `replace` (tools-builtin.md §7.1). */
export const REPLACE_FACTS: FileToolFacts = Object.freeze({
  numbers: Object.freeze({ SIMILARITY_THRESHOLD: String(SIMILARITY_THRESHOLD), SIMILARITY_PERCENT }),
  resultMarkers: REPLACE_RESULT_MARKERS,
  requiredPhrases: Object.freeze(['whitespace-tolerant', 'typography-tolerant', 'Replaced the first of <total> occurrences']),
  forbiddenPhrases: Object.freeze(['must match exactly']),
});

/** A matched region `[start, end)` of the file content. */
type Span = readonly [start: number, end: number];

// Typographic look-alikes folded to ASCII after NFKC (NFKC alone leaves them: they have no compatibility form).
const TYPOGRAPHY_TABLE: ReadonlyMap<string, string> = new Map([
  ...['\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212'].map((c): [string, string] => [c, '-']),
  ...['\u2018', '\u2019', '\u201a', '\u201b'].map((c): [string, string] => [c, "'"]),
  ...['\u201c', '\u201d', '\u201e', '\u201f'].map((c): [string, string] => [c, '"']),
  ...[
    '\u00a0', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200a', '\u202f', '\u205f', '\u3000',
  ].map((c): [string, string] => [c, ' ']),
]);
const TYPOGRAPHY_CHARS = new RegExp(`[${[...TYPOGRAPHY_TABLE.keys()].join('')}]`, 'g');

/** NFKC first (U+FE58 folds to U+2014), then the table (U+2014 becomes `-`). */
export function normalizeTypography(line: string): string {
  return line.normalize('NFKC').replace(TYPOGRAPHY_CHARS, (c) => TYPOGRAPHY_TABLE.get(c) ?? c);
}

const identity = (line: string): string => line;

/** Non-overlapping windows of whole content lines whose trimmed (transformed) text equals the pattern's lines. */
function lineWindowMatches(content: string, oldText: string, transform: (line: string) => string): Span[] {
  const pattern = splitLines(oldText).map((line) => transform(line).trim());
  const lines = splitLinesKeepEnds(content);
  const n = pattern.length;
  if (n === 0 || lines.length < n) return [];
  // trim() also drops each content line's own terminator.
  const keys = lines.map((line) => transform(line).trim());
  const offsets = [0];
  for (const line of lines) offsets.push(offsets[offsets.length - 1]! + line.length);
  const spans: Span[] = [];
  let i = 0;
  while (i <= lines.length - n) {
    let equal = true;
    for (let k = 0; k < n; k++) {
      if (keys[i + k] !== pattern[k]) {
        equal = false;
        break;
      }
    }
    if (equal) {
      spans.push([offsets[i]!, offsets[i + n]!]);
      i += n;
    } else {
      i += 1;
    }
  }
  return spans;
}

function countOccurrences(content: string, needle: string): number {
  return content.split(needle).length - 1;
}

function ambiguityMessage(total: number, remaining: number, oldText: string, newText: string, filePath: string, suffix: string): string {
  const grows = newText.includes(oldText);
  const advice = grows ? REPLACE_ADVICE_UNIQUE : REPLACE_ADVICE_ALL;
  const caution = grows ? REPLACE_GROWING_CAUTION : '';
  return (
    `Replaced the first of ${formatCount(total)} occurrences in ${filePath}${suffix}. ` +
    `${formatCount(remaining)} occurrence(s) of old_text remain — if you meant a different one, ${advice}.${caution}`
  );
}

/** The not-found error, with the most similar passage when one clears the threshold. */
function notFoundMessage(content: string, oldText: string, filePath: string): string {
  const message = `Error: Old text not found in ${filePath}`;
  const contentLines = splitLines(content);
  const window = splitLines(oldText).length;
  if (contentLines.length === 0 || window === 0) return message;
  const best = mostSimilarWindow(contentLines, window, oldText);
  if (best === null || !(best.ratio > SIMILARITY_THRESHOLD)) return message;
  const shown = Math.min(window, contentLines.length - best.index);
  const passage = contentLines.slice(best.index, best.index + shown).join('\n');
  const pct = Math.round(best.ratio * 100);
  return `${message}\n\nMost similar text (lines ${best.index + 1}-${best.index + shown}, ${pct}% similar):\n${passage}`;
}

/**
 * The window of `window` lines (joined by `\n`) most similar to `oldText`, the first one winning a tie.
 * Windows are ranked by an upper bound kept up to date as the window slides, and exact ratios are
 * computed best-bound first until no remaining window could win or the step budget is spent.
 */
function mostSimilarWindow(lines: readonly string[], window: number, oldText: string): { index: number; ratio: number } | null {
  const windows = Math.max(1, lines.length - window + 1);
  const wanted = new Int32Array(0x10000);
  for (let i = 0; i < oldText.length; i++) wanted[oldText.charCodeAt(i)]! += 1;
  const NEWLINE = 10;
  const have = new Int32Array(0x10000);
  let common = 0;
  let chars = 0;
  const add = (line: string): void => {
    for (let i = 0; i < line.length; i++) {
      const code = line.charCodeAt(i);
      if (have[code]! < wanted[code]!) common += 1;
      have[code]! += 1;
    }
    chars += line.length;
  };
  const remove = (line: string): void => {
    for (let i = 0; i < line.length; i++) {
      const code = line.charCodeAt(i);
      have[code]! -= 1;
      if (have[code]! < wanted[code]!) common -= 1;
    }
    chars -= line.length;
  };
  const candidates: { index: number; bound: number }[] = [];
  let size = 0;
  for (let index = 0; index < windows; index++) {
    if (index === 0) {
      size = Math.min(window, lines.length);
      for (let k = 0; k < size; k++) add(lines[k]!);
    } else {
      remove(lines[index - 1]!);
      add(lines[index + window - 1]!);
    }
    // Lines hold no line breaks, so the window's newlines are exactly its joins.
    const joins = size - 1;
    const bound = (2 * (common + Math.min(wanted[NEWLINE]!, joins))) / (oldText.length + chars + joins);
    if (bound > SIMILARITY_THRESHOLD) candidates.push({ index, bound });
  }
  candidates.sort((x, y) => y.bound - x.bound || x.index - y.index);
  const budget = { steps: REPLACE_HINT_MAX_STEPS };
  let best: { index: number; ratio: number } | null = null;
  for (const { index, bound } of candidates) {
    if (best !== null && bound < best.ratio) break;
    if (best !== null && bound === best.ratio && index > best.index) continue;
    const ratio = boundedSimilarityRatio(oldText, lines.slice(index, index + window).join('\n'), budget);
    if (ratio === null) break;
    if (best === null || ratio > best.ratio || (ratio === best.ratio && index < best.index)) best = { index, ratio };
  }
  return best;
}

/** `replace`: exact, then whitespace-tolerant, then typography-tolerant text replacement in one file. */
export class ReplaceTool extends Tool {
  readonly name = 'replace';
  readonly description = DESCRIPTION;
  readonly parameters = PARAMETERS;
  override readonly isReadOnly = false;
  override readonly requiresConfirmation = true;

  async execute(args: Record<string, unknown>, _ctx: ToolContext): Promise<string> {
    const parsed = readArgs(() => ({
      filePath: stringArg(args, 'file_path'),
      oldText: stringArg(args, 'old_text'),
      newText: stringArg(args, 'new_text'),
      replaceAll: booleanArg(args, 'replace_all', REPLACE_DEFAULT_REPLACE_ALL),
    }));
    if (typeof parsed === 'string') return parsed;
    const { filePath, oldText, newText, replaceAll } = parsed;
    if (oldText === '') return REPLACE_EMPTY_OLD_TEXT;
    return orErrorResult('Error editing file', async () => {
      const target = await containWritePath(this, filePath);
      if ('refusal' in target) return target.refusal;
      return this.edit(target.resolved, filePath, oldText, newText, replaceAll);
    });
  }

  private async edit(path: string, filePath: string, oldText: string, newText: string, replaceAll: boolean): Promise<string> {
    const fs = this.getFileSystem();
    const content = await fs.readText(path);

    const first = content.indexOf(oldText);
    if (first !== -1) {
      const count = countOccurrences(content, oldText);
      if (replaceAll) {
        // split/join: the model's text is never interpreted as a replacement pattern.
        await fs.writeText(path, content.split(oldText).join(newText));
        return `Replaced ${formatCount(count)} occurrence(s) in ${filePath}`;
      }
      const updated = content.slice(0, first) + newText + content.slice(first + oldText.length);
      await fs.writeText(path, updated);
      if (count > 1) {
        return ambiguityMessage(count, countOccurrences(updated, oldText), oldText, newText, filePath, '');
      }
      return `Replaced 1 occurrence(s) in ${filePath}`;
    }

    for (const [transform, suffix] of [
      [identity, REPLACE_SUFFIX_FLEXIBLE],
      [normalizeTypography, REPLACE_SUFFIX_UNICODE],
    ] as const) {
      const matches = lineWindowMatches(content, oldText, transform);
      if (matches.length === 0) continue;
      const spans = replaceAll ? matches : matches.slice(0, 1);
      await fs.writeText(path, spliceSpans(content, spans, oldText, newText));
      if (replaceAll || matches.length === 1) {
        return `Replaced ${formatCount(spans.length)} occurrence(s) in ${filePath}${suffix}`;
      }
      return ambiguityMessage(matches.length, matches.length - 1, oldText, newText, filePath, suffix);
    }

    return notFoundMessage(content, oldText, filePath);
  }
}

/** Splices `newText` over each span, last first so earlier offsets stay valid. */
function spliceSpans(content: string, spans: readonly Span[], oldText: string, newText: string): string {
  let result = content;
  const keepLineEnd = !endsWithLineBreak(oldText);
  const keepBom = content.startsWith('\uFEFF') && !oldText.startsWith('\uFEFF');
  for (const [spanStart, spanEnd] of [...spans].sort((x, y) => y[0] - x[0])) {
    let start = spanStart;
    let end = spanEnd;
    // An edit must not silently drop the byte order mark that trim() hid from the comparison.
    if (keepBom && start === 0) start = 1;
    if (keepLineEnd) {
      if (content.slice(end - 2, end) === '\r\n') end -= 2;
      else if (content[end - 1] === '\n' || content[end - 1] === '\r') end -= 1;
    }
    result = result.slice(0, start) + newText + result.slice(Math.max(start, end));
  }
  return result;
}
