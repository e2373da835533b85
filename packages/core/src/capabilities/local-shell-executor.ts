import { AgentaoError } from '../errors';
import { type ShellExecutor, type ShellRunRequest, type ShellRunResult } from './shell-executor';

/** The default `ShellExecutor`: `bash -c` (else `sh -c`) in a new process group, stdin closed. */
export class LocalShellExecutor implements ShellExecutor {
  readonly shellName: string = 'bash';
  run(_request: ShellRunRequest): Promise<ShellRunResult> {
    throw new AgentaoError('INTERNAL', 'LocalShellExecutor is being implemented');
  }
}
