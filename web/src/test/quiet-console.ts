// Web tests print what might be wrong, not what is known to happen on purpose. Each filter below names one
// message that tests provoke knowingly and drops (or shortens) only that one; everything else prints as it is.
import pageConsole from 'node:console';

type Args = unknown[];

interface Filter {
  /** Why the message says nothing about the code under test. */
  why: string;
  matches(args: Args): boolean;
  /** What to print instead; null prints nothing. */
  replace(args: Args): Args | null;
}

// Refused reads are dropped only in the test files that call expectRefusedReads(): anywhere else a refused read is
// news (a rule that stopped letting a page read) and prints. A global, because node's console is wrapped once per
// worker and outlives each file's copy of this module.
const REFUSALS_EXPECTED = Symbol.for('parley.refused-reads-expected');
const flags = globalThis as { [REFUSALS_EXPECTED]?: boolean };
const refusalsExpected = (): boolean => flags[REFUSALS_EXPECTED] === true;

/** This test file provokes rule refusals on purpose: the Firestore SDK's logs of them are dropped until it ends. */
export function expectRefusedReads(): void {
  flags[REFUSALS_EXPECTED] = true;
}

/** Called after each test file by the setup. */
export function endExpectedRefusals(): void {
  flags[REFUSALS_EXPECTED] = false;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value instanceof Error ? value.message : '');

/** console.error/warn as the tests and the libraries they load call them. */
const TEST_FILTERS: Filter[] = [
  {
    why:
      'Tests of the rules refusing a read (the shell signing out, a list saying it could not load) make the Firestore SDK ' +
      'log the refused request; the page shows the refusal itself, and the test asserts that.',
    // The SDK hands the logger its arguments already turned into text, the error's code among them.
    matches: (args) => refusalsExpected() && text(args[0]).includes('@firebase/firestore') && args.some((a) => text(a).includes("code: 'permission-denied'")),
    replace: () => null,
  },
  {
    why: "Mantine's focus trap warns with the whole DOM node (thousands of lines of React internals): its sentence is enough.",
    matches: (args) => text(args[0]).startsWith('[@mantine/hooks/use-focus-trap]'),
    replace: (args) => [text(args[0])],
  },
];

/** The page's own console in happy-dom (node's console: vitest hands it to happy-dom before capturing the tests' output). */
const PAGE_FILTERS: Filter[] = [
  {
    why:
      'happy-dom loads no external script or frame (the Facebook SDK, a YouTube player) and says so for each; a test that ' +
      'needed one to load would fail on its own.',
    matches: (args) => args[0] instanceof Error && args[0].name === 'NotSupportedError' && / loading is disabled\.$/.test(args[0].message),
    replace: () => null,
  },
  {
    why: 'The same refused Firestore reads as above, as the page reports a failed request (the emulator answers 403).',
    matches: (args) => refusalsExpected() && /^[A-Z]+ \S+\/v1\/projects\/[^/]+\/databases\/\S+ 403 \(Forbidden\)$/.test(text(args[0])),
    replace: () => null,
  },
];

// Node's console outlives a test file (setup runs again for each file in the same worker): it is wrapped once.
const WRAPPED = Symbol.for('parley.quiet-console');

function wrap(target: Console, filters: Filter[]): void {
  const marked = target as Console & { [WRAPPED]?: true };
  if (marked[WRAPPED]) return;
  marked[WRAPPED] = true;
  for (const level of ['error', 'warn'] as const) {
    const original = target[level].bind(target);
    target[level] = (...args: Args) => {
      const filter = filters.find((f) => f.matches(args));
      const out = filter ? filter.replace(args) : args;
      if (out) original(...out);
    };
  }
}

/** Wraps console.error and console.warn, the tests' and the page's, with the filters above. */
export function quietKnownNoise(): void {
  wrap(console, TEST_FILTERS);
  if (pageConsole !== console) wrap(pageConsole, PAGE_FILTERS);
}
