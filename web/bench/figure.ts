// One measured figure of a web bench, printed beside its budget ("PASS name: value unit (budget …) — detail").

export interface BenchFigure {
  name: string;
  value: number;
  unit: 'ms' | 'KB' | 'requests' | 'frames';
  budget?: number;
  pass?: boolean;
  detail?: string;
}

export function figure(name: string, value: number, unit: BenchFigure['unit'], budget: number, detail?: string): BenchFigure {
  return { name, value, unit, budget, pass: value <= budget, detail };
}

export function logFigures(figures: BenchFigure[], log: (line: string) => void): void {
  for (const f of figures) log(`${f.pass ? 'PASS' : 'FAIL'} ${f.name}: ${f.value} ${f.unit} (budget ${f.budget} ${f.unit})${f.detail ? ` — ${f.detail}` : ''}`);
}
