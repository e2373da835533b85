import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';

/** Where and with what a run was measured. */
export interface MachineInfo {
  date: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  openai: string;
  agentao: string;
  commit: string;
}

const require = createRequire(import.meta.url);

function versionOf(file: string): string {
  return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
}

function packageVersion(name: string): string {
  try {
    return versionOf(require.resolve(`${name}/package.json`));
  } catch {
    // Not exported: fall through to the walk from the entry point.
  }
  try {
    // Some packages (openai) do not export ./package.json; find it next to the resolved entry point.
    let dir = dirname(require.resolve(name));
    while (!existsSync(join(dir, 'package.json')) || !readFileSync(join(dir, 'package.json'), 'utf8').includes(`"name": "${name}"`)) {
      const parent = dirname(dir);
      if (parent === dir) return 'unknown';
      dir = parent;
    }
    return versionOf(join(dir, 'package.json'));
  } catch {
    return 'unknown';
  }
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return 'unknown';
  }
}

/** CPU model, cores, memory, versions and the date of this run. */
export function machineInfo(): MachineInfo {
  const list = cpus();
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    openai: packageVersion('openai'),
    agentao: packageVersion('@agentao/core'),
    commit: gitCommit(),
  };
}
