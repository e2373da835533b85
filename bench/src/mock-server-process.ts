import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type ScriptSpec } from './bench-script';

/** One server opened in the mock process. */
export interface OpenedServer {
  id: number;
  baseURL: string;
}

type Answer = Record<string, unknown> & { id?: number };

/** The mock OpenAI server process (`mock-server.ts`), spawned once and driven over stdin/stdout. */
export class MockServerProcess {
  private nextId = 1;
  private readonly waiting = new Map<number, (answer: Answer) => void>();

  private constructor(private readonly child: ChildProcess) {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const parsed = JSON.parse(line) as Answer;
      const resolve = parsed.id === undefined ? undefined : this.waiting.get(parsed.id);
      if (resolve !== undefined && parsed.id !== undefined) {
        this.waiting.delete(parsed.id);
        resolve(parsed);
      }
    });
  }

  /** Spawns the server process and waits until it says it is ready. */
  static async start(): Promise<MockServerProcess> {
    const script = fileURLToPath(new URL('./mock-server.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.once('line', (line) => {
        lines.close();
        if ((JSON.parse(line) as { ready?: boolean }).ready === true) resolve();
        else reject(new Error(`mock server: unexpected first line ${line}`));
      });
      child.once('exit', (code) => reject(new Error(`mock server exited early with code ${String(code)}`)));
    });
    return new MockServerProcess(child);
  }

  private send(command: Record<string, unknown>): Promise<Answer> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (answer) => {
        if (typeof answer.error === 'string') reject(new Error(`mock server: ${answer.error}`));
        else resolve(answer);
      });
      this.child.stdin?.write(`${JSON.stringify({ ...command, id })}\n`);
    });
  }

  /** Starts a fresh mock server with `script` precomputed; resolves with its base URL. */
  async open(script: ScriptSpec): Promise<OpenedServer> {
    const answer = await this.send({ op: 'open', script });
    return { id: answer.id as number, baseURL: answer.baseURL as string };
  }

  /** Closes one server; resolves with how many chat requests it served. */
  async close(server: OpenedServer): Promise<number> {
    const answer = await this.send({ op: 'close', server: server.id });
    return answer.served as number;
  }

  /** Ends the server process. */
  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin?.end();
    await exited;
  }
}
