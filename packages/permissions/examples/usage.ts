import { type PermissionPolicy } from '@agentao/core';
import { PermissionEngine, UrlPolicy, hardlineCheck } from '../src/index';

const engine = new PermissionEngine({ projectRoot: process.cwd(), userRoot: '~/.agentao' });
engine.addRunRules({ deny: [{ tool: 'web_fetch', action: 'deny' }], source: 'tenant-42' });
export const permissionEngine: PermissionPolicy = engine; // pass as the agent's `permissionEngine` option
export const verdict = hardlineCheck('run_shell_command', { command: 'sudo rm -rf /' });
// → 'hardline:recursive delete of root / system directory / home'
export const urlPolicy = UrlPolicy.fromEnv(); // SSRF guard for web_fetch; every redirect hop re-checked
