// Runs one loop alone, many times, for `node --cpu-prof`:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --expose-gc --import tsx src/profile-loop.ts <s1|s2|s3|s4> <ours|raw> [rounds]
import { captureRequestPrefix, runOurs, runRaw } from './loop-scenarios';
import { MockServerProcess } from './mock-server-process';
import { HISTORY_STEPS, LONG_HISTORY_MESSAGES, parallelSetup, SEQUENTIAL_STEPS, stepSetup } from './scenario-setups';

const [scenario = 's1', loop = 'ours', roundsArg = '10'] = process.argv.slice(2);
const rounds = Number(roundsArg);
const setup =
  scenario === 's2'
    ? stepSetup('S2', SEQUENTIAL_STEPS, true, 0)
    : scenario === 's3'
      ? parallelSetup()
      : scenario === 's4'
        ? stepSetup('S4', HISTORY_STEPS, false, LONG_HISTORY_MESSAGES)
        : stepSetup('S1', SEQUENTIAL_STEPS, false, 0);

const server = await MockServerProcess.start();
const prefix = await captureRequestPrefix(setup);
let total = 0;
let cpu = 0;
for (let round = 0; round < rounds; round++) {
  const opened = await server.open(setup.script);
  const timing = loop === 'raw' ? await runRaw(setup, prefix, opened.baseURL) : await runOurs(setup, opened.baseURL);
  total += timing.wallMs;
  cpu += timing.cpuMs;
  await server.close(opened);
}
await server.stop();
console.log(`${scenario} ${loop}: ${rounds} rounds, mean ${(total / rounds).toFixed(1)} ms per turn, ${(cpu / rounds).toFixed(1)} ms CPU`);
