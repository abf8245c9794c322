/**
 * Every screen a journey shows is checked with axe-core against WCAG 2.1 A and AA: once the page has settled after
 * each navigation (a load or a route change of the SPA, in any frame), and again at the end of every test. A serious
 * or critical violation fails the test that showed it, naming the rule, its impact and the elements it found.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { inject } from 'vitest';
import { STACK_PORTS } from '@parley/local/stack/ports';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** A route change renders, fetches and animates (Mantine's transitions take up to 200 ms) before it has settled. */
const SETTLE_MS = 1_000;

interface Finding {
  key: string;
  text: string;
}

/**
 * The product's screens: the app (on any host, agency subdomains included) and the widget's own site. The provider
 * stand-ins' pages (mailbox, simulators, the Stripe.js and Facebook SDK stand-ins) and the journeys' own visitor
 * pages are test tooling, not what we ship, so they are not judged.
 */
const PRODUCT_PORTS = new Set([String(STACK_PORTS.hosting), String(STACK_PORTS.widget)]);

export function isProductScreen(url: string): boolean {
  if (!/^https?:/.test(url)) return false;
  return PRODUCT_PORTS.has(new URL(url).port);
}

/** An element's opening markup, short: enough to find it in the source when its selector is a generated id. */
function shortHtml(html: string): string {
  const flat = html.replace(/\s+/g, ' ');
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

/**
 * The screens axe has judged clean in this run, by origin and the page's structure: the elements with their attributes
 * and whether they hold text. A screen that shows again unchanged (the end of a test after a navigation's check,
 * another agent's same page, the same page in a later journey file) is not judged twice; any change of markup,
 * styling, state or naming makes it a new screen. The run keeps them in one file (global-setup.ts names it), since
 * each journey file loads this module afresh.
 */
const judgedFile = inject('axeJudgedFile');
const judged = new Set<string>(readFileSync(judgedFile, 'utf8').split('\n').filter(Boolean));

function markJudged(screen: string): void {
  judged.add(screen);
  appendFileSync(judgedFile, `${screen}\n`);
}

/**
 * The screen's structure as a short hash, computed in the page (a walk of the DOM costs far less than axe). Each
 * element counts with its tag, its attributes, whether it holds text, and its children; a child shaped exactly like
 * the sibling before it (another row of the same list) adds nothing, so a list of 3 rows and one of 4 are the same
 * screen. Lengths in inline styles (a popover's position, a measured height) are left out; colours are not.
 */
function screenShape(): string {
  const POINTERS = new Set(['id', 'for', 'href', 'src', 'srcset', 'value', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant']);
  const hashOf = (text: string, seed = 0x811c9dc5) => {
    let hash = seed;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    return hash >>> 0;
  };
  const shapeOf = (el: Element): number => {
    // Every attribute counts (a colour scheme, a state, a label), with the values that only name or point: generated
    // ids and the references to them, addresses and typed values.
    let own = el.tagName;
    for (const attr of Array.from(el.attributes)) {
      if (POINTERS.has(attr.name)) own += ` ${attr.name}`;
      else own += ` ${attr.name}=${attr.name === 'style' ? attr.value.replace(/-?\d*\.?\d+px/g, 'px') : attr.value}`;
    }
    if (Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent?.trim())) own += ' #text';
    let hash = hashOf(own);
    let previous = -1;
    for (const child of Array.from(el.children)) {
      const shape = shapeOf(child);
      if (shape !== previous) hash = hashOf(String(shape), hash);
      previous = shape;
    }
    return hashOf('>', hash);
  };
  return shapeOf(document.documentElement).toString(36);
}

/** What axe found on one frame; evaluated in the page, so it names only what it needs. */
async function findInFrame(frame: Frame): Promise<Finding[]> {
  const url = frame.url();
  if (!isProductScreen(url)) return [];
  // The address is left out: the same screen of two agents (another id in the path) is judged once.
  const screen = `${new URL(url).origin} ${await frame.evaluate(screenShape)}`;
  if (judged.has(screen)) return [];
  const hasAxe = await frame.evaluate(() => 'axe' in window);
  if (!hasAxe) await frame.evaluate(AXE_SOURCE);
  const violations = await frame.evaluate(async (tags) => {
    type AxeResult = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string }[] };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeResult[] }> } }).axe;
    // Each frame is checked on its own (axe's own frame messaging would wait for frames it was not injected into).
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)), html: v.nodes.map((n) => n.html) }));
  }, WCAG_TAGS);
  const path = new URL(url).origin + new URL(url).pathname;
  // Judged clean only: a violation is looked at again (check() confirms a finding with a second look).
  if (violations.every((v) => v.impact === null || !FAILING_IMPACTS.has(v.impact))) markJudged(screen);
  return violations
    .filter((v) => v.impact !== null && FAILING_IMPACTS.has(v.impact))
    .map((v) => ({
      key: `${path} ${v.id} ${v.targets.join()}`,
      text: `${v.id} (${v.impact}) on ${path}: ${v.help}\n    ${v.targets.slice(0, 5).map((target, i) => `${target} ${shortHtml(v.html[i] ?? '')}`).join('\n    ')}${v.targets.length > 5 ? `\n    …and ${v.targets.length - 5} more` : ''}`,
    }));
}

/** A frame that navigates or closes while axe runs has nothing left to check. */
async function findInPage(page: Page): Promise<Finding[]> {
  if (page.isClosed()) return [];
  const found = await Promise.all(page.frames().map((frame) => findInFrame(frame).catch(() => [] as Finding[])));
  return found.flat();
}

/** Follows every page of a browser context and keeps what axe found on each settled screen until `take`. */
export class AccessibilityWatch {
  private readonly found = new Map<string, string>();
  private readonly timers = new Map<Page, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly context: BrowserContext) {
    for (const page of context.pages()) this.follow(page);
    context.on('page', (page) => this.follow(page));
  }

  private follow(page: Page): void {
    page.on('framenavigated', () => this.schedule(page));
    page.on('close', () => {
      clearTimeout(this.timers.get(page));
      this.timers.delete(page);
    });
  }

  private schedule(page: Page): void {
    clearTimeout(this.timers.get(page));
    this.timers.set(
      page,
      setTimeout(() => {
        this.timers.delete(page);
        const run = this.check(page).finally(() => this.running.delete(run));
        this.running.add(run);
      }, SETTLE_MS),
    );
  }

  /**
   * A screen caught mid-change (a toast or drawer still fading in) can show what a settled screen does not, so a
   * finding counts only when a second look a moment later finds it again.
   */
  private async check(page: Page): Promise<void> {
    const first = await findInPage(page);
    if (first.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS / 2));
    const again = new Set((await findInPage(page)).map((f) => f.key));
    for (const f of first) if (again.has(f.key)) this.found.set(f.key, f.text);
  }

  /** Checks the screens as they are now, waits for the checks under way, and hands back (and forgets) the findings. */
  async take(): Promise<string[]> {
    this.stop();
    for (const page of this.context.pages()) this.running.add(this.check(page));
    await Promise.all(this.running);
    this.running.clear();
    const texts = [...this.found.values()];
    this.found.clear();
    return texts;
  }

  /** Stops checking: the context is about to close. */
  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
