import { describe, expect, it } from 'vitest';
import { localFetchAllowance } from './fetch-allowance';

describe('the local stack lets user URLs reach only its stand-ins', () => {
  it("lists each stand-in's host and port, and a developer's extra sites", () => {
    const fakes = [{ url: 'http://127.0.0.1:9401' }, { url: 'http://127.0.0.1:9412/' }];
    expect(localFetchAllowance(fakes)).toBe('127.0.0.1:9401,127.0.0.1:9412');
    expect(localFetchAllowance(fakes, ' 127.0.0.1:8000, localhost:3000 ')).toBe('127.0.0.1:9401,127.0.0.1:9412,127.0.0.1:8000,localhost:3000');
  });

  it('never turns into "every private address", and drops entries without a port', () => {
    expect(localFetchAllowance([], 'true')).toBe('');
    expect(localFetchAllowance([{ url: 'http://127.0.0.1:9401' }], 'true,10.0.0.1,*')).toBe('127.0.0.1:9401');
  });
});
