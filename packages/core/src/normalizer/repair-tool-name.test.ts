import { describe, expect, it } from 'vitest';
import { repairToolName } from './repair-tool-name';

const BUILTINS = ['read_file', 'write_file', 'run_shell_command', 'glob', 'web_fetch'];

describe('repairToolName', () => {
  it('returns null for an empty name or an empty registry', () => {
    expect(repairToolName('', BUILTINS)).toBeNull();
    expect(repairToolName('   ', BUILTINS)).toBeNull();
    expect(repairToolName('read_file', [])).toBeNull();
  });

  it('S1: trims whitespace', () => {
    expect(repairToolName('  read_file\n', BUILTINS)).toBe('read_file');
  });

  it('S2: ignores case', () => {
    expect(repairToolName('READ_FILE', BUILTINS)).toBe('read_file');
    expect(repairToolName('Glob', BUILTINS)).toBe('glob');
  });

  it('S3: collapses runs of -, _ and whitespace and strips edge separators', () => {
    expect(repairToolName('read-file', BUILTINS)).toBe('read_file');
    expect(repairToolName('run  shell--command', BUILTINS)).toBe('run_shell_command');
    expect(repairToolName('_web_fetch_', BUILTINS)).toBe('web_fetch');
  });

  it('S4: splits camelCase and drops a trailing Tool token', () => {
    expect(repairToolName('ReadFile', BUILTINS)).toBe('read_file');
    expect(repairToolName('runShellCommand', BUILTINS)).toBe('run_shell_command');
    expect(repairToolName('WebFetchTool', BUILTINS)).toBe('web_fetch');
    expect(repairToolName('read_file_tool', BUILTINS)).toBe('read_file');
    expect(repairToolName('glob_tool_tool', BUILTINS)).toBe('glob');
  });

  it('S4: splits acronyms (HTTPGet -> HTTP_Get) and leaves all-caps words whole', () => {
    expect(repairToolName('HTTPGet', ['http_get'])).toBe('http_get');
    expect(repairToolName('http_get', ['HTTPGet'])).toBe('HTTPGet');
    expect(repairToolName('getHTTPResponse', ['get_http_response'])).toBe('get_http_response');
    expect(repairToolName('terminal', ['TERMINAL'])).toBe('TERMINAL');
    expect(repairToolName('Browser_Click', ['BrowserClick'])).toBe('BrowserClick');
  });

  it('reaches a camelCase registration from every spelling', () => {
    for (const spelling of ['get_orders', 'GetOrders', 'get-orders', 'GetOrdersTool', 'getOrders', ' getorders ']) {
      expect(repairToolName(spelling, ['getOrders', 'get_customer'])).toBe('getOrders');
    }
  });

  it('never keeps a lone "tool" token from being a name', () => {
    expect(repairToolName('Tool', ['tool'])).toBe('tool');
    expect(repairToolName('tool_tool', ['tool'])).toBe('tool');
  });

  it('never guesses from similarity', () => {
    expect(repairToolName('terminall', ['terminal'])).toBeNull();
    expect(repairToolName('read_fil', BUILTINS)).toBeNull();
    expect(repairToolName('read', BUILTINS)).toBeNull();
    expect(repairToolName('readfile', BUILTINS)).toBeNull();
    expect(repairToolName('file_read', BUILTINS)).toBeNull();
  });

  it('returns null when a stage matches more than one registered name', () => {
    expect(repairToolName('READ_FILE', ['Read_File', 'read_file'])).toBeNull();
    expect(repairToolName('get-orders', ['get_orders', 'GET_ORDERS'])).toBeNull();
    expect(repairToolName('GetOrdersTool', ['getOrders', 'get_orders_tool'])).toBeNull();
  });

  it('prefers an earlier, unambiguous stage over a later ambiguous one', () => {
    // S2 finds exactly one, so S3's two-way tie never matters.
    expect(repairToolName('Read_File', ['read_file', 'read-file'])).toBe('read_file');
    expect(repairToolName('read_file', ['read_file', 'ReadFile'])).toBe('read_file');
  });

  it('accepts any iterable and stays linear on hostile names', () => {
    expect(repairToolName('ReadFile', new Set(BUILTINS))).toBe('read_file');
    const started = Date.now();
    expect(repairToolName('A'.repeat(200_000), ['a'])).toBeNull();
    expect(repairToolName(`read${'_'.repeat(200_000)}file`, BUILTINS)).toBe('read_file');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
