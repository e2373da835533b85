import { describe, expect, it } from 'vitest';
import { orErrorResult } from './or-error-result';

describe('orErrorResult', () => {
  it('passes a result through and turns a rejection into "<prefix>: <message>"', async () => {
    await expect(orErrorResult('Error reading file', () => Promise.resolve('body'))).resolves.toBe('body');
    await expect(orErrorResult('Error reading file', () => Promise.reject(new Error('EIO: disk gone')))).resolves.toBe('Error reading file: EIO: disk gone');
  });

  it('never throws itself, even for a thrown value that cannot be turned into a string', async () => {
    const hostile = Object.create(null) as object; // String(hostile) throws a TypeError
    const body = async (): Promise<string> => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the point: tools can throw anything
      throw hostile;
    };
    await expect(orErrorResult('Error listing directory', body)).resolves.toBe('Error listing directory: unknown error');
  });
});
