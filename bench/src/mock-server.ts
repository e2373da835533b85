// The mock OpenAI-compatible server process. Runs apart from the runner so that serving requests
// never shares an event loop with the loops under test. Protocol: one JSON command per stdin line,
// one JSON answer per stdout line.
//   {"op":"open","id":7,"script":{...ScriptSpec}}  ->  {"id":7,"baseURL":"http://127.0.0.1:<port>/v1","port":<port>}
//   {"op":"close","id":8,"server":7}               ->  {"id":8,"closed":true,"served":<requests>}
// Every "open" starts a fresh startMockOpenAI server on 127.0.0.1 with the precomputed script.
import { createInterface } from 'node:readline';
import { type MockOpenAI, startMockOpenAI } from '@agentao/testing';
import { buildScript, type ScriptSpec } from './bench-script';

interface Command {
  op: 'open' | 'close';
  id: number;
  script?: ScriptSpec;
  server?: number;
}

const servers = new Map<number, MockOpenAI>();

function answer(value: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

async function handle(line: string): Promise<void> {
  const command = JSON.parse(line) as Command;
  if (command.op === 'open' && command.script !== undefined) {
    const server = await startMockOpenAI(buildScript(command.script));
    servers.set(command.id, server);
    answer({ id: command.id, baseURL: server.baseURL, port: Number(new URL(server.baseURL).port) });
    return;
  }
  if (command.op === 'close') {
    const server = servers.get(command.server ?? -1);
    servers.delete(command.server ?? -1);
    await server?.close();
    const served = server?.requests.length ?? 0;
    answer({ id: command.id, closed: true, served });
    return;
  }
  answer({ id: command.id, error: `unknown command: ${line}` });
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  handle(line).catch((error: unknown) => {
    answer({ id: -1, error: error instanceof Error ? error.message : String(error) });
  });
});
lines.on('close', () => {
  void Promise.all([...servers.values()].map((server) => server.close())).then(() => process.exit(0));
});
answer({ ready: true, pid: process.pid });
