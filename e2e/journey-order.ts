/**
 * The order the journey files run in. Journeys share one stack but not its data (each makes its own workspace),
 * so any order must pass: PARLEY_E2E_ORDER=reverse runs them in reverse alphabetical order to prove it, and
 * PARLEY_E2E_ORDER=alphabetical in alphabetical order. Unset, vitest's own order applies (slowest known first).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export type JourneyOrder = 'alphabetical' | 'reverse' | 'default';

export function journeyOrder(value: string | undefined): JourneyOrder {
  if (value === undefined || value === '') return 'default';
  if (value === 'alphabetical' || value === 'reverse') return value;
  throw new Error(`PARLEY_E2E_ORDER must be "alphabetical" or "reverse" (got "${value}")`);
}

/** Sorts file paths as the order asks (by their path under the journeys' root). */
export function orderPaths<T>(items: readonly T[], pathOf: (item: T) => string, order: Exclude<JourneyOrder, 'default'>): T[] {
  const sorted = [...items].sort((a, b) => pathOf(a).localeCompare(pathOf(b)));
  return order === 'reverse' ? sorted.reverse() : sorted;
}

export class JourneySequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const order = journeyOrder(process.env.PARLEY_E2E_ORDER);
    if (order === 'default') return super.sort(files);
    const root = this.ctx.config.root;
    return orderPaths(files, (spec) => relative(root, spec.moduleId), order);
  }
}
