import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** The bash a POSIX host is assumed to have when none is on `PATH`. */
export const FALLBACK_BASH_PATH = '/bin/bash';

/** The POSIX shell used when no bash exists. */
export const FALLBACK_SH_PATH = '/bin/sh';

/** Which shell runs commands; `shellName` is what descriptions state. */
export interface ShellChoice {
  /** `bash`, `sh` or `cmd`. */
  readonly shellName: 'bash' | 'sh' | 'cmd';
  /** The executable to spawn. */
  readonly executable: string;
  /** Arguments placed before the command string. */
  readonly args: readonly string[];
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Picks the shell once: on Windows `cmd.exe /d /s /c`; elsewhere `bash -c` when an executable `bash`
 * is on `PATH` or at `/bin/bash`, else `/bin/sh -c`. Options exist so tests can fake the host.
 */
export function detectShell(
  options: { platform?: NodeJS.Platform; pathEnv?: string | undefined; fallbackBash?: string } = {},
): ShellChoice {
  const platform = options.platform ?? process.platform;
  if (platform === 'win32') return { shellName: 'cmd', executable: 'cmd.exe', args: ['/d', '/s', '/c'] };
  const pathEnv = 'pathEnv' in options ? options.pathEnv : process.env['PATH'];
  for (const dir of (pathEnv ?? '').split(delimiter)) {
    // Relative PATH entries depend on the cwd at spawn time, so only absolute ones count.
    if (dir === '' || !isAbsolute(dir)) continue;
    const candidate = join(dir, 'bash');
    if (isExecutableFile(candidate)) return { shellName: 'bash', executable: candidate, args: ['-c'] };
  }
  const fallbackBash = options.fallbackBash ?? FALLBACK_BASH_PATH;
  if (isExecutableFile(fallbackBash)) return { shellName: 'bash', executable: fallbackBash, args: ['-c'] };
  return { shellName: 'sh', executable: FALLBACK_SH_PATH, args: ['-c'] };
}
