import { afterEach, describe, expect, it } from 'vitest';
import { paramValue } from './params';

const param = (name: string, value: () => string) => ({ name, value });

describe('paramValue', () => {
  afterEach(() => {
    delete process.env.PARLEY_TEST_PARAM;
  });

  it('takes the environment variable of the same name when one is set, even an empty one', () => {
    process.env.PARLEY_TEST_PARAM = 'from-env';
    expect(paramValue(param('PARLEY_TEST_PARAM', () => 'from-deploy'))).toBe('from-env');
    process.env.PARLEY_TEST_PARAM = '';
    expect(paramValue(param('PARLEY_TEST_PARAM', () => 'from-deploy'))).toBe('');
  });

  it('reads the param otherwise, and answers empty where the runtime has none to give', () => {
    expect(paramValue(param('PARLEY_TEST_PARAM', () => 'from-deploy'))).toBe('from-deploy');
    expect(paramValue(param('PARLEY_TEST_PARAM', () => { throw new Error('outside the Functions runtime'); }))).toBe('');
  });
});
