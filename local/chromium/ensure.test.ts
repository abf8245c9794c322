import { describe, expect, it } from 'vitest';
import { ensureChromium, type EnsureDeps } from './ensure';

function deps(over: Partial<EnsureDeps> & { installs?: boolean } = {}) {
  const ran: string[] = [];
  let installed = false;
  const d: EnsureDeps = {
    exists: (p) => (p === '/usr/bin/chromium-headless-shell' || p === '/usr/bin/chromium') && installed,
    isRoot: () => false,
    canSudo: () => false,
    run: (command, args) => {
      ran.push([command, ...args].join(' '));
      if (args.includes('install')) installed = over.installs ?? true;
      return args.includes('install') && over.installs === false ? 100 : 0;
    },
    ...over,
  };
  return { d, ran };
}

describe('ensureChromium', () => {
  it('does nothing when Chromium is there', () => {
    const { d, ran } = deps({ exists: () => true });
    expect(ensureChromium('/usr/bin/chromium-headless-shell', false, d)).toEqual({ status: 'present', path: '/usr/bin/chromium-headless-shell' });
    expect(ran).toEqual([]);
  });

  it("installs Debian's chromium-headless-shell as root", () => {
    const { d, ran } = deps({ isRoot: () => true });
    expect(ensureChromium('/usr/bin/chromium-headless-shell', false, d).status).toBe('installed');
    expect(ran).toEqual(['apt-get update', 'apt-get install -y --no-install-recommends chromium-headless-shell']);
  });

  it('installs through password-less sudo', () => {
    const { d, ran } = deps({ canSudo: () => true });
    expect(ensureChromium('/usr/bin/chromium-headless-shell', false, d).status).toBe('installed');
    expect(ran[1]).toBe('sudo -n apt-get install -y --no-install-recommends chromium-headless-shell');
  });

  it('stops with one line saying what to run when it may not install', () => {
    const { d, ran } = deps();
    const result = ensureChromium('/usr/bin/chromium-headless-shell', false, d);
    expect(result).toEqual({ status: 'missing', message: expect.stringContaining('sudo apt-get install -y chromium-headless-shell') });
    expect(ran).toEqual([]);
    if (result.status === 'missing') expect(result.message.split('\n')).toHaveLength(1);
  });

  it('reports a failed install and a wrong PARLEY_CHROMIUM', () => {
    expect(ensureChromium('/usr/bin/chromium-headless-shell', false, deps({ isRoot: () => true, installs: false }).d)).toMatchObject({ status: 'missing', message: expect.stringContaining('failed') });
    expect(ensureChromium('/opt/chrome', true, deps({ isRoot: () => true }).d)).toMatchObject({ status: 'missing', message: expect.stringContaining('PARLEY_CHROMIUM points at /opt/chrome') });
  });

  it('installs the full Chromium the benches time pages in, and says to run the benches again when it may not', () => {
    const bench = { packageName: 'chromium', rerun: 'npm run bench' };
    const root = deps({ isRoot: () => true });
    expect(ensureChromium('/usr/bin/chromium', false, root.d, bench).status).toBe('installed');
    expect(root.ran).toEqual(['apt-get update', 'apt-get install -y --no-install-recommends chromium']);
    expect(ensureChromium('/usr/bin/chromium', false, deps().d, bench)).toEqual({ status: 'missing', message: expect.stringMatching(/apt-get install -y chromium`, then npm run bench again\.$/) });
  });
});
