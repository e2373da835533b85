import { hash, randomBytes } from 'node:crypto';
import { type FileSystem } from '../capabilities/file-system';
import { errorMessage } from '../errors';
import { type Logger } from '../logger';
import { formatCount, headOf, tailOf } from '../text-cut';
import { scanAndRedact } from './redact-credentials';

/** Results longer than this many characters are spilled to disk and excerpted. */
export const TOOL_OUTPUT_SAVE_THRESHOLD = 40_000;
/** Share of the excerpt taken from the head of the output. */
export const TOOL_OUTPUT_HEAD_RATIO = 0.2;
/** Characters kept from the head of a spilled output. */
export const TOOL_OUTPUT_HEAD_CHARS = Math.round(TOOL_OUTPUT_SAVE_THRESHOLD * TOOL_OUTPUT_HEAD_RATIO);
/** Characters kept from the tail of a spilled output. */
export const TOOL_OUTPUT_TAIL_CHARS = TOOL_OUTPUT_SAVE_THRESHOLD - TOOL_OUTPUT_HEAD_CHARS;

/** What the history keeps of one result, and where the full text went. */
export interface FormattedResult {
  content: string;
  originalChars: number;
  savedToDisk: boolean;
  diskPath: string | null;
}

const REDACTION_NOTE = ' Credential-shaped strings are redacted in the saved copy; this excerpt is verbatim.';

/** SHA-256 hex of the UTF-8 bytes. */
export function contentHash(content: string): string {
  // One-shot hashing (Node ≥ 20.12) is several times cheaper than a Hash object for short results.
  return hash('sha256', content, 'hex');
}

/** A result short enough to stay whole in history: nothing written. */
export function formatSmallResult(content: string): FormattedResult {
  return { originalChars: content.length, content, savedToDisk: false, diskPath: null };
}

/** Past the threshold, spills it under `<workingDirectory>/.agentao/tool-outputs/` and excerpts it. */
export async function formatResult(
  toolName: string,
  content: string,
  workingDirectory: string,
  filesystem: FileSystem,
  logger: Logger,
): Promise<FormattedResult> {
  if (content.length <= TOOL_OUTPUT_SAVE_THRESHOLD) return formatSmallResult(content);
  const base = { originalChars: content.length };
  const safeName = toolName.replace(/[^A-Za-z0-9_.-]/g, '_');
  const file = `${safeName}_${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString('hex')}.txt`;
  const diskPath = `${workingDirectory.replace(/[\\/]+$/, '')}/.agentao/tool-outputs/${file}`;
  const redaction = scanAndRedact(content);
  let saved = false;
  try {
    await filesystem.writeText(diskPath, redaction.text);
    saved = true;
  } catch (error) {
    logger.warn(`Tool '${toolName}': could not save the full output to ${diskPath}: ${errorMessage(error)}`);
  }
  const head = headOf(content, TOOL_OUTPUT_HEAD_CHARS);
  const tail = tailOf(content, TOOL_OUTPUT_TAIL_CHARS);
  const omitted = content.length - head.length - tail.length;
  const redacted = Object.keys(redaction.hits).length > 0;
  const savedLine = saved ? `\nFull output saved to: ${diskPath}  (use read_file to access)${redacted ? REDACTION_NOTE : ''}` : '';
  const excerpt =
    `[Output truncated: ${formatCount(content.length)} chars total, showing first ${formatCount(head.length)} and last ${formatCount(tail.length)} chars.` +
    `${savedLine}]\n\n${head}\n\n[… ${formatCount(omitted)} chars omitted …]\n\n${tail}`;
  return { ...base, content: excerpt, savedToDisk: saved, diskPath: saved ? diskPath : null };
}
