import { CommandPositions } from './command-positions';
import { extractIndirectScripts } from './extract-indirect-scripts';
import { maskHeredocBodies } from './mask-heredoc-bodies';
import { matchHardlinePatterns } from './match-hardline-patterns';
import { buildShellContextModel, normalizeIndirectBody } from './shell-context';
import { stringifyArgValue } from '../stringify-arg-value';

/** How many texts (the command plus nested scripts) one check inspects (§9.2). */
export const HARDLINE_MAX_INSPECTED = 16;

/** The prefix of every hardline reason. */
export const HARDLINE_PREFIX = 'hardline:';

/**
 * Description used when nested scripts remain after the inspection budget: failing closed, so a
 * destructive body cannot hide behind sixteen harmless ones.
 */
export const HARDLINE_NESTING_DESCRIPTION = 'nested scripts beyond the inspection limit';

const WHOLE_ECHO_SUBSTITUTION = /^\s*\$\((?:echo|printf)\s([\s\S]*)\)\s*$/i;

/**
 * The hardline floor on its own (§9): `hardline:<description>` for an unrecoverable
 * `run_shell_command`, else `null`. Never throws.
 */
export function hardlineCheck(toolName: string, args: Record<string, unknown>): string | null {
  if (toolName !== 'run_shell_command' || typeof args !== 'object' || args === null) return null;
  const command = stringifyArgValue(args.command);
  if (command.trim() === '') return null;
  const queue: string[] = [command];
  const seen = new Set<string>(queue);
  let inspected = 0;
  while (queue.length > 0) {
    if (inspected >= HARDLINE_MAX_INSPECTED) return HARDLINE_PREFIX + HARDLINE_NESTING_DESCRIPTION;
    const raw = queue.shift() as string;
    inspected += 1;
    const enqueue = (body: string): void => {
      if (body.trim() === '' || seen.has(body)) return;
      seen.add(body);
      queue.push(body);
    };
    const whole = WHOLE_ECHO_SUBSTITUTION.exec(raw);
    if (whole !== null) enqueue(normalizeIndirectBody(whole[1] ?? ''));
    const model = buildShellContextModel(maskHeredocBodies(raw));
    const positions = new CommandPositions(model);
    const hit = matchHardlinePatterns(positions);
    if (hit !== null) return HARDLINE_PREFIX + hit;
    for (const body of extractIndirectScripts(model, positions, HARDLINE_MAX_INSPECTED)) enqueue(body);
  }
  return null;
}
