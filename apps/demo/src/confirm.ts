import { confirm } from '@inquirer/prompts';
import pc from 'picocolors';
import { type LineReader } from './line-reader';

/** Asks the user whether one tool call may run. */
export type Confirmer = (tool: string, args: Record<string, unknown>) => Promise<boolean>;

/** Where a confirmer prints its question and the answer it took. */
export interface ConfirmOutput {
  line(text: string): void;
  pause(): void;
}

function question(tool: string, args: Record<string, unknown>): string {
  return `Allow ${tool} ${JSON.stringify(args)}?`;
}

/** Answers typed as "y"/"yes" (any case) approve; anything else, or the end of input, declines. */
export function isYes(answer: string | null): boolean {
  return answer !== null && /^\s*y(es)?\s*$/i.test(answer);
}

/** On a terminal: an @inquirer/prompts yes/no question (default no). */
export function terminalConfirmer(out: ConfirmOutput): Confirmer {
  return async (tool, args) => {
    out.pause();
    return confirm({ message: question(tool, args), default: false });
  };
}

/** Without a terminal in the offline tour: approve, and say so, so the transcript stays honest. */
export function autoConfirmer(out: ConfirmOutput): Confirmer {
  return async (tool, args) => {
    out.line(pc.yellow(`  ? ${question(tool, args)} yes (auto-approved: stdin is not a terminal)`));
    return true;
  };
}

/** Without a terminal in interactive mode: the next stdin line is the answer ("y"/"yes" approve). */
export function lineConfirmer(out: ConfirmOutput, lines: LineReader): Confirmer {
  return async (tool, args) => {
    out.line(pc.yellow(`  ? ${question(tool, args)} [y/N] (answer read from stdin)`));
    const answer = await lines.next();
    const approved = isYes(answer);
    out.line(pc.yellow(`  ${approved ? 'approved' : 'declined'} (${answer === null ? 'end of input' : JSON.stringify(answer)})`));
    return approved;
  };
}
