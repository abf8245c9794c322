import { describe, expect, it } from 'vitest';
import { canOpenAgent } from './access';
import { demoLink, prototypeLink } from './agent-links';
import { extractCssBlocks, insertCss } from '@parley/core';
import { isHex6, paletteFromPrimary, withPrimary, withSwatch, defaultCustomTheme, hslStringToHex } from './palette';
import { AGENT_TEMPLATES, DEFAULT_TEMPLATE_KEY, newAgentPath, templatesInTab } from './templates';
import { uploadProblem } from '../../lib/upload-limits';

describe('template catalogue', () => {
  it('has the seven templates across the three categories with blank selected by default', () => {
    expect(AGENT_TEMPLATES.map((t) => t.key).sort()).toEqual(
      ['blank-template', 'confirm-email', 'customer-support', 'game-npc', 'health-care-agent', 'make-appointment', 'real-estate-agent'],
    );
    expect(DEFAULT_TEMPLATE_KEY).toBe('blank-template');
    expect(templatesInTab('All Templates')).toHaveLength(7);
    expect(templatesInTab('Entertainment').map((t) => t.key)).toEqual(['game-npc']);
    expect(templatesInTab('Customer Support').length + templatesInTab('Utility').length + templatesInTab('Entertainment').length).toBe(7);
  });
  it('lands on nodes when enabled, else overview, with the debugger open', () => {
    expect(newAgentPath('eu', { ID: 'abc', enableNodes: true })).toBe('/app/eu/agents/abc/nodes?showDebugger=true');
    expect(newAgentPath('na', { ID: 'abc' })).toBe('/app/na/agents/abc/overview?showDebugger=true');
  });
});

describe('palette', () => {
  it('makes 10 swatches at lightness 95, 90 … 10 of the primary hue', () => {
    const palette = paletteFromPrimary('#2563eb');
    expect(palette).toHaveLength(10);
    expect(palette[0]).toMatch(/^hsl\(\d+, \d+%, 95%\)$/);
    expect(palette.map((p) => Number(/(\d+)%\)$/.exec(p)![1]))).toEqual([95, 90, 80, 70, 60, 50, 40, 30, 20, 10]);
    expect(hslStringToHex('hsl(0, 0%, 100%)')).toBe('#ffffff');
  });
  it('applies only 6-digit hex colours', () => {
    const theme = defaultCustomTheme('dark');
    expect(isHex6('#abc')).toBe(false);
    expect(withPrimary(theme, '#abc')).toBe(theme);
    expect(withPrimary(theme, '#FF0000').primary).toBe('#ff0000');
    expect(withPrimary(theme, '#ff0000').nineColorPallet[5]).toBe('hsl(0, 100%, 50%)');
    expect(withSwatch(theme, 2, '#12345')).toBe(theme);
    expect(withSwatch(theme, 2, '#ffffff').nineColorPallet[2]).toBe('hsl(0, 0%, 100%)');
  });
});

describe('upload limits', () => {
  it('alerts with the spec texts, 1 MB = 1e6 bytes', () => {
    expect(uploadProblem({ name: 'a.png', size: 2_000_001 }, { maxSizeMB: 2 })).toBe('Max size: 2 MBs');
    expect(uploadProblem({ name: 'a.png', size: 2_000_000 }, { maxSizeMB: 2 })).toBeNull();
    expect(uploadProblem({ name: 'a.bmp', size: 1 }, { accept: '.png,.jpg' })).toBe('Only .png,.jpg Files');
  });
});

describe('links, access and css', () => {
  it('builds prototype and demo links, with the agency domain variant', () => {
    expect(prototypeLink('na', 'A1')).toBe('/app/na/prototype?vg_id=A1');
    expect(prototypeLink('eu', 'A1', { customDomain: 'chat.acme.com', isVerifiedCustomDomain: true })).toBe('https://chat.acme.com/eu/prototype/A1');
    expect(prototypeLink('eu', 'A1', { customDomain: 'chat.acme.com', isVerifiedCustomDomain: false, VGsubDomain: 'acme.parley.dev', isVerifiedSubDomain: true })).toBe('https://acme.parley.dev/eu/prototype/A1');
    expect(demoLink('na', 'A1')).toBe('/app/na/demo/A1/page1');
  });
  it('lets owners and workspace members in, nobody else', () => {
    expect(canOpenAgent({ ownerID: 'u1' }, { uid: 'u1', workspaceIds: [] })).toBe(true);
    expect(canOpenAgent({ ownerID: 'team' }, { uid: 'u2', workspaceIds: ['team'] })).toBe(true);
    expect(canOpenAgent({ ownerID: 'u1' }, { uid: 'u2', workspaceIds: ['u2'] })).toBe(false);
  });
  it('extracts CSS from replies and appends it', () => {
    expect(extractCssBlocks('x\n```css\n.head { color: red; }\n```')).toBe('.head { color: red; }');
    expect(extractCssBlocks('no code')).toBeNull();
    expect(insertCss('.a{}', '.b{}')).toBe('.a{}\n\n.b{}\n');
  });
});
