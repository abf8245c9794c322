import { describe, expect, it } from 'vitest';
import { toolFieldSchema, toolSchema } from './tool';

const tool = { id: 't', name: 'Lookup', description: 'Looks up orders', serverUrl: 'https://api.example.com/orders', userId: 'u' };
describe('toolSchema', () => {
  it.each([
    [tool, true],
    [{ ...tool, description: 'd'.repeat(512) }, true],
    [{ ...tool, description: 'd'.repeat(513) }, false],
    [{ ...tool, serverUrl: 'not a url' }, false],
    [{ ...tool, fields: [{ in: 'query', key: 'id' }] }, true],
    [{ ...tool, fields: [{ in: 'path', key: 'id' }] }, false],
  ])('%#', (input, ok) => {
    expect(toolSchema.safeParse(input).success).toBe(ok);
  });
  it('tool field defaults', () => {
    expect(toolFieldSchema.parse({ in: 'header', key: 'X-Key' })).toEqual({ in: 'header', key: 'X-Key', type: 'string', description: '', required: false });
  });
});
