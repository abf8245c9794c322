import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type FontsFake } from './index';

let fake: FontsFake;
beforeAll(async () => {
  fake = await start({ port: 0 });
});
afterAll(() => fake.stop());

describe('Google Fonts stand-in', () => {
  it('serves the css2 stylesheet of a real family at the weights asked, and 400 for an unknown one', async () => {
    const ok = await fetch(`${fake.url}/css2?family=Open+Sans:wght@400;500;700&display=swap`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/css');
    const css = await ok.text();
    expect(css.match(/@font-face/g)).toHaveLength(3);
    expect(css).toContain("font-family: 'Open Sans'");
    expect(css).toContain('font-weight: 700');
    expect((await fetch(`${fake.url}/css2?family=Not+A+Real+Font:wght@400`)).status).toBe(400);
    expect(fake.requested()).toEqual(['Open Sans', 'Not A Real Font']);
  });

  it('answers the Web Fonts Developer API with a key', async () => {
    const list = (await (await fetch(`${fake.url}/webfonts/v1/webfonts?key=k&family=rubik`)).json()) as { items: { family: string }[] };
    expect(list.items.map((i) => i.family)).toEqual(['Rubik']);
    expect((await fetch(`${fake.url}/webfonts/v1/webfonts?family=Rubik`)).status).toBe(403);
  });
});
