import { fileURLToPath } from 'node:url';

/** One measured figure of a bench, printed beside its budget. */
export interface BenchFigure {
  name: string;
  value: number;
  unit: 'ms' | 's' | 'min' | 'KB' | 'MB' | 'writes/s' | '%';
  budget?: number;
  pass?: boolean;
  detail?: string;
}

export function figure(name: string, value: number, unit: BenchFigure['unit'], budget: number, detail?: string): BenchFigure {
  return { name, value, unit, budget, pass: value <= budget, detail };
}

export function printFigures(figures: BenchFigure[], log: (line: string) => void = console.log): void {
  for (const f of figures) {
    const verdict = f.budget === undefined ? 'INFO' : f.pass ? 'PASS' : 'FAIL';
    const budget = f.budget === undefined ? '' : ` (budget ${f.budget} ${f.unit})`;
    log(`${verdict} ${f.name}: ${f.value} ${f.unit}${budget}${f.detail ? ` — ${f.detail}` : ''}`);
  }
}

/** Runs a bench when its file is the one node was started with (not when run-all imports it); exits 1 when a figure is over budget. */
export async function runIfMain(moduleUrl: string, bench: () => Promise<BenchFigure[]>): Promise<void> {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== process.argv[1]) return;
  const figures = await bench();
  process.exit(figures.every((f) => f.pass !== false) ? 0 : 1);
}
