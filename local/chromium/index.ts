/**
 * The browser for journeys and benches: Debian's Chromium headless shell (PARLEY_CHROMIUM points at another Chromium
 * or Chrome), and the flags it runs with here (root needs --no-sandbox; the background-networking flags keep
 * it from calling Google's hosts on a closed network). The headless shell is the same Blink and V8 without the
 * browser's window layers: a page load costs about a third of the CPU the full browser's headless mode spends, and
 * the journeys load hundreds of pages on two cores.
 */
export const CHROMIUM_PATH = process.env.PARLEY_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

/**
 * The benches time what a visitor's browser shows (first contentful paint, click to chat), so they run the full
 * browser: the headless shell does not always report paint timings.
 */
export const BENCH_CHROMIUM_PATH = process.env.PARLEY_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];
/**
 * The journeys' browser also runs page scripts in V8's interpreter only. A journey's page lives for seconds, so the
 * compilers that optimise hot code (Sparkplug, Maglev, TurboFan) spend CPU on background threads that the page never
 * earns back: a quarter of the renderers' CPU over the journeys, on two cores shared with the stack. The benches keep
 * the browser as visitors run it (CHROMIUM_ARGS), since they time what those visitors see.
 */
export const JOURNEY_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--no-sparkplug --no-maglev --no-turbofan'];
export { BENCH_CHROMIUM_PACKAGE, CHROMIUM_PACKAGE, ensureChromium, type BrowserNeed, type EnsureResult } from './ensure';
