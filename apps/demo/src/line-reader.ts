import { createInterface } from 'node:readline';

/** Reads piped stdin line by line on demand; `next()` resolves `null` at end of input. */
export class LineReader {
  private readonly buffered: string[] = [];
  private readonly waiting: ((line: string | null) => void)[] = [];
  private ended = false;

  constructor(input: NodeJS.ReadableStream) {
    const rl = createInterface({ input, terminal: false });
    rl.on('line', (line) => {
      const waiter = this.waiting.shift();
      if (waiter) waiter(line);
      else this.buffered.push(line);
    });
    rl.on('close', () => {
      this.ended = true;
      for (const waiter of this.waiting.splice(0)) waiter(null);
    });
  }

  /** The next line, or `null` when the input has ended. */
  next(): Promise<string | null> {
    const line = this.buffered.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}
