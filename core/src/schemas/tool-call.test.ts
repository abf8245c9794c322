import { describe, expect, it } from 'vitest';
import { toolsApi } from '../api';
import { buildToolRequest, checkToolArguments, redactSecret, redactToolRequest, toolParameters } from './tool-call';
import { toolFieldSchema } from './tool';

const fields = [
  toolFieldSchema.parse({ in: 'query', key: 'order_id', type: 'string', description: 'The order number', required: true }),
  toolFieldSchema.parse({ in: 'query', key: 'limit', type: 'number', defaultValue: '5' }),
  toolFieldSchema.parse({ in: 'header', key: 'X-Api-Version', value: '2' }),
  toolFieldSchema.parse({ in: 'body', key: 'urgent', type: 'boolean' }),
];
const tool = { serverUrl: 'https://tools.example.com/orders?src=parley', method: 'POST' as const, fields };

describe('a tool for the model', () => {
  it('offers the fields the model fills, with their types, descriptions and required ones', () => {
    expect(toolParameters(fields)).toEqual({
      type: 'object',
      properties: { order_id: { type: 'string', description: 'The order number' }, limit: { type: 'number' }, urgent: { type: 'boolean' } },
      required: ['order_id'],
      additionalProperties: false,
    });
  });

  it.each([
    ['{"order_id":"1234"}', true],
    ['{"order_id":1234}', false],
    ['{}', false],
    ['{"order_id":"1","other":1}', false],
    ['{"order_id":"1","urgent":"yes"}', false],
    ['not json', false],
  ])('checks the arguments %s', (raw, ok) => {
    expect(checkToolArguments(fields, raw).ok).toBe(ok);
  });

  it('says what is wrong with arguments in one sentence', () => {
    expect(checkToolArguments(fields, '{"order_id":1234}')).toEqual({ ok: false, error: expect.stringMatching(/^Invalid arguments — order_id: /) });
  });

  it('refuses a header argument that would add a line', () => {
    const header = [toolFieldSchema.parse({ in: 'header', key: 'X-Customer', required: true })];
    expect(checkToolArguments(header, { 'X-Customer': 'a\r\nX-Evil: 1' }).ok).toBe(false);
  });
});

describe('the request arguments make', () => {
  it('puts each field where it goes, fills defaults and fixed values, and sends the secret as its header', () => {
    const request = buildToolRequest(tool, { order_id: '1234', urgent: true }, 's3cret');
    expect(request).toEqual({
      method: 'POST',
      url: 'https://tools.example.com/orders?src=parley&order_id=1234&limit=5',
      headers: { 'X-Api-Version': '2', 'Content-Type': 'application/json', 'X-Parley-Secret': 's3cret' },
      body: '{"urgent":true}',
    });
    expect(redactToolRequest(request).headers['X-Parley-Secret']).toBe('[redacted]');
    expect(JSON.stringify(redactToolRequest(request))).not.toContain('s3cret');
  });

  it('redacts a secret a server echoes back', () => {
    expect(redactSecret('you sent s3cret twice: s3cret', 's3cret')).toBe('you sent [redacted] twice: [redacted]');
  });
});

describe('saving a tool', () => {
  const base = { name: 'get_order_status', serverUrl: 'https://tools.example.com/orders', method: 'GET' };
  const problems = (tool: unknown) => {
    const parsed = toolsApi.toolInputSchema.safeParse(tool);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('accepts a well-formed tool', () => {
    expect(problems({ ...base, fields: [{ in: 'query', key: 'order_id', required: true }] })).toEqual([]);
  });
  it.each([
    [{ ...base, name: 'get order' }, 'name: Use 1 to 64 letters, digits, _ or - (no spaces).'],
    [{ ...base, name: 'x'.repeat(65) }, 'name: Use 1 to 64 letters, digits, _ or - (no spaces).'],
    [{ ...base, description: 'd'.repeat(513) }, 'description: Description must be at most 512 characters'],
    [{ ...base, serverUrl: 'ftp://example.com' }, 'serverUrl: Please enter a valid URL'],
    [{ ...base, serverUrl: 'not a url' }, 'serverUrl: Please enter a valid URL'],
    [{ ...base, fields: [{ in: 'body', key: 'a' }] }, 'fields.0.in: A GET request has no body: put this field in the query or a header.'],
    [{ ...base, fields: [{ in: 'header', key: 'X-Parley-Secret' }] }, 'fields.0.key: This header is set by Parley and cannot be a field.'],
    [{ ...base, fields: [{ in: 'query', key: 'a' }, { in: 'header', key: 'a' }] }, 'fields.1.key: Each key can be used once.'],
    [{ ...base, fields: [{ in: 'query', key: 'n', type: 'number', defaultValue: 'many' }] }, 'fields.0.defaultValue: The default value must be a number.'],
  ])('names the problem at its field: %#', (tool, message) => {
    expect(problems(tool)).toContain(message);
  });
});
