/**
 * The browser for journeys and benches: Debian's Chromium (PARLEY_CHROMIUM points at another Chromium or
 * Chrome), and the flags it runs with here (root needs --no-sandbox; the background-networking flags keep
 * it from calling Google's hosts on a closed network).
 */
export const CHROMIUM_PATH = process.env.PARLEY_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];
export { ensureChromium, type EnsureResult } from './ensure';
