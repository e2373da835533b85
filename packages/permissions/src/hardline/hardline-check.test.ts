import { describe, expect, it } from 'vitest';
import { SHELL_CORPUS } from '../__fixtures__/shell-corpus';
import { HARDLINE_MAX_INSPECTED, HARDLINE_NESTING_DESCRIPTION, hardlineCheck } from './hardline-check';
import { buildShellContextModel, decodeAnsiC, isRealShellPos, normalizeIndirectBody } from './shell-context';

describe('hardline corpus', () => {
  it('is big enough', () => {
    expect(SHELL_CORPUS.length).toBeGreaterThanOrEqual(150);
    expect(SHELL_CORPUS.filter((e) => e.deny === null).length).toBeGreaterThanOrEqual(50);
  });
  it.each(SHELL_CORPUS.map((e) => [JSON.stringify(e.command), e] as const))('%s', (_name, entry) => {
    const verdict = hardlineCheck('run_shell_command', { command: entry.command });
    expect(verdict).toBe(entry.deny === null ? null : `hardline:${entry.deny}`);
  });
});

describe('hardlineCheck scope', () => {
  it('inspects only run_shell_command and its command argument', () => {
    expect(hardlineCheck('write_file', { command: 'rm -rf /' })).toBeNull();
    expect(hardlineCheck('run_shell_command', { cmd: 'rm -rf /' })).toBeNull();
    expect(hardlineCheck('run_shell_command', { command: '' })).toBeNull();
    expect(hardlineCheck('run_shell_command', {})).toBeNull();
    expect(hardlineCheck('run_shell_command', null as any)).toBeNull();
    expect(hardlineCheck('run_shell_command', { command: ['rm', '-rf', '/'] })).toBeNull();
  });
});

describe('documented gaps and conservative choices (§9.9)', () => {
  it.each([
    ['x=rm; $x -rf /', null],
    ['cmd="rm -rf /"; eval $cmd', null],
    ['echo $(date) rm -rf /', 'hardline:recursive delete of root / system directory / home'],
    // `<< EOF` (a space) is not an opener, so the body is scanned: conservative.
    ['cat << EOF\nrm -rf /\nEOF', 'hardline:recursive delete of root / system directory / home'],
    // Outside the floor on purpose: recoverable-but-costly.
    ['git reset --hard', null],
    ['rm -rf build/', null],
  ])('%j → %s', (command, expected) => {
    expect(hardlineCheck('run_shell_command', { command })).toBe(expected);
  });
});

describe('here-doc masking (§9.8)', () => {
  it.each([
    ["cat <<'EOF'\nrm -rf /\nEOF\nls", null],
    ['cat <<"EOF"\nreboot\nEOF', null],
    ['cat <<-EOF\n\treboot\n\tEOF\n', null],
    ['cat <<EOF > x\nshutdown -h now\nEOF  \nreboot', 'hardline:reboot'],
    ['cat <<EOF\nit\'s fine\nEOF\nrm -rf ~', 'hardline:recursive delete of root / system directory / home'],
    ['cat <<EOF\nunterminated\nrm -rf /', null],
    ['/usr/bin/bash <<EOF\nrm -rf /\nEOF', 'hardline:recursive delete of root / system directory / home'],
    ['x=$(cat <<EOF\nreboot\nEOF\n)', null],
  ])('%j → %s', (command, expected) => {
    expect(hardlineCheck('run_shell_command', { command })).toBe(expected);
  });
});

describe('nested scripts', () => {
  it('checks bodies breadth-first and fails closed past the inspection budget', () => {
    const benignBodies = Array.from({ length: 20 }, (_, i) => `bash -c 'echo ${i}'`).join('; ');
    // More distinct nested scripts than can be inspected: refused rather than partly checked.
    expect(hardlineCheck('run_shell_command', { command: benignBodies })).toBe(`hardline:${HARDLINE_NESTING_DESCRIPTION}`);
    expect(hardlineCheck('run_shell_command', { command: `${benignBodies}; bash -c 'ls; rm -rf /'` })).toMatch(/^hardline:/);
    const few = Array.from({ length: 5 }, (_, i) => `bash -c 'echo ${i}'`).join('; ');
    expect(hardlineCheck('run_shell_command', { command: few })).toBeNull();
    expect(HARDLINE_MAX_INSPECTED).toBe(16);
  });

  it('dedupes identical bodies so repetition alone does not trip the budget', () => {
    expect(hardlineCheck('run_shell_command', { command: Array(40).fill("bash -c 'echo hi'").join(' && ') })).toBeNull();
  });

  it('decodes $\'…\' bodies and nested quoting levels', () => {
    expect(hardlineCheck('run_shell_command', { command: "bash -c $'\\x72\\x6d -rf /'" })).toMatch(/^hardline:recursive/);
    expect(hardlineCheck('run_shell_command', { command: `sh -c "bash -c 'ls; reboot'"` })).toBe('hardline:reboot');
  });
});

describe('performance: linear-time matching', () => {
  const adversarial = [
    'sudo' + ' -u sudo'.repeat(14),
    'nice' + ' -n nice'.repeat(14),
    'timeout' + ' -s timeout'.repeat(12),
    'chrt' + '    chrt'.repeat(12),
    'env' + ' -u env'.repeat(15),
    'stdbuf' + ' -o stdbuf'.repeat(10),
  ];
  it.each(adversarial)('decides the 100-character chain %j quickly', (command) => {
    const started = performance.now();
    for (let i = 0; i < 10; i += 1) hardlineCheck('run_shell_command', { command });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('still finds the command at the end of a long wrapper chain', () => {
    expect(hardlineCheck('run_shell_command', { command: 'sudo -u sudo '.repeat(50) + 'rm -rf /' })).toMatch(/^hardline:recursive/);
  });

  it.each([
    ['parentheses', '('.repeat(20_000)],
    ['bangs', '!'.repeat(20_000)],
    ['wrapper chain with separators', 'sudo -u x('.repeat(2_000) + ' rm -rf /'],
    ['quotes', '"'.repeat(20_000)],
    ['ANSI-C openers', "$'".repeat(10_000)],
    ['here-doc openers', 'cat <<EOF\n'.repeat(2_000)],
    ['echo pipes', 'echo a | '.repeat(2_000) + 'sh'],
    ['long identifier', 'a'.repeat(20_000) + '('],
    ['quoted assignments', "A='x y' ".repeat(2_500) + 'rm -rf /'],
  ])('handles 20 kB of %s within a generous bound', (_name, command) => {
    const started = performance.now();
    hardlineCheck('run_shell_command', { command });
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('shell context model (§9.3)', () => {
  it.each([
    ['r"m"', 'rm'],
    ['r\\m', 'rm'],
    ["'r''m'", 'rm'],
    ['""rm""', 'rm'],
    ["$'rm'", 'rm'],
    ['m"k"fs.ext4', 'mkfs.ext4'],
    ['echo "$(id)"', 'echo $(id)'],
    ['a\\\nb', 'ab'],
    ['$"x y"', 'x y'],
  ])('normalises %j to %j', (raw, normalized) => {
    expect(normalizeIndirectBody(raw)).toBe(normalized);
  });

  it.each([
    ['\\n\\t\\r\\\\\\\'\\"\\?', '\n\t\r\\\'"?'],
    ['\\a\\b\\e\\E\\f\\v', '\x07\b\x1b\x1b\f\v'],
    ['\\x41\\x4a2', 'AJ2'],
    ['\\u263a\\U0001F600', '\u263a\u{1F600}'],
    ['\\101\\0\\777', 'A\0\xff'],
    ['\\cA\\c[', '\x01\x1b'],
    ['\\x\\u\\U\\q', 'xuUq'],
  ])('decodes $\'%s\'', (body, decoded) => {
    expect(decodeAnsiC(body)).toBe(decoded);
  });

  it('marks quoted and escaped positions', () => {
    const model = buildShellContextModel(`a 'b' "c$(d)" \\e`);
    expect(isRealShellPos(model, 0)).toBe(true);
    expect(isRealShellPos(model, 3)).toBe(false);
    expect(isRealShellPos(model, 8)).toBe(true);
    expect(isRealShellPos(model, 10)).toBe(true);
    expect(isRealShellPos(model, 7)).toBe(false);
    expect(isRealShellPos(model, 15)).toBe(false);
  });
});
