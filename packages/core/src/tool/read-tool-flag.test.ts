import { describe, expect, it } from 'vitest';
import { EchoTool, recordingLogger } from '../__fixtures__/tools';
import { readToolFlag } from './read-tool-flag';

describe('readToolFlag', () => {
  it('counts only the boolean true, from a getter or a field', () => {
    class Getter extends EchoTool {
      override get isReadOnly(): boolean {
        return true;
      }
    }
    class Field extends EchoTool {
      override readonly requiresConfirmation = true;
    }
    expect(readToolFlag(new Getter(), 'isReadOnly')).toBe(true);
    expect(readToolFlag(new Field(), 'requiresConfirmation')).toBe(true);
    expect(readToolFlag(new EchoTool(), 'copiesToSubagents')).toBe(false);
  });

  it('treats a method as undeclared, never calls it, and warns once', () => {
    const { warn, logger } = recordingLogger();
    let called = false;
    const tool = new EchoTool();
    Object.defineProperty(tool, 'copiesToSubagents', {
      value: () => {
        called = true;
        return false;
      },
    });
    expect(readToolFlag(tool, 'copiesToSubagents', logger)).toBe(false);
    expect(readToolFlag(tool, 'copiesToSubagents', logger)).toBe(false);
    expect(called).toBe(false);
    expect(warn).toHaveLength(1);
    expect(warn[0]).toContain('must be a getter or a boolean field');
  });

  it.each([
    [1, 'number'],
    ['yes', 'string'],
    [null, 'null'],
    [{}, 'object'],
  ])('treats %j as undeclared and names its type', (value, type) => {
    const { warn, logger } = recordingLogger();
    const tool = new EchoTool();
    Object.defineProperty(tool, 'isReadOnly', { value });
    expect(readToolFlag(tool, 'isReadOnly', logger)).toBe(false);
    expect(warn[0]).toContain(type);
    expect(warn[0]).toContain('echo');
  });

  it('treats a throwing getter as false and names the error', () => {
    const { warn, logger } = recordingLogger();
    class Broken extends EchoTool {
      override get isReadOnly(): boolean {
        throw new RangeError('boom');
      }
    }
    expect(readToolFlag(new Broken(), 'isReadOnly', logger)).toBe(false);
    expect(warn[0]).toContain('RangeError: boom');
  });
});
