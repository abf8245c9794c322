import { describe, expect, it } from 'vitest';
import { parseCustomThemeJSON } from './theme';
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

describe('parseCustomThemeJSON', () => {
  const pallet = Array.from({ length: 10 }, (_, i) => `hsl(220, 70%, ${95 - i * 5}%)`);
  it.each([
    [JSON.stringify({ themeType: 'dark', primary: '#1e40af', nineColorPallet: pallet }), 'dark'],
    [JSON.stringify({ primary: '#1e40af', nineColorPallet: pallet }), 'light'],
  ])('%s', (json, themeType) => {
    expect(parseCustomThemeJSON(json)?.themeType).toBe(themeType);
  });
  it.each([
    ['not json'],
    [JSON.stringify({ primary: '#fff', nineColorPallet: pallet })],
    [JSON.stringify({ primary: '#1e40af', nineColorPallet: pallet.slice(0, 9) })],
    [''],
  ])('null for %s', (json) => {
    expect(parseCustomThemeJSON(json)).toBeNull();
  });
});
