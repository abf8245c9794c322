// The model from the catalogue, each with what it costs in credits, so a choice shows its price.
import { Select } from '@mantine/core';
import { DEFAULT_MODEL_ID, MODEL_CATALOGUE, type ModelRate } from '@parley/core';

/** "1 credit / 1K input tokens · 2 credits / 1K output tokens" */
export function modelRateText(model: Pick<ModelRate, 'inputCreditsPer1K' | 'outputCreditsPer1K'>): string {
  const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;
  return `${credits(model.inputCreditsPer1K)} / 1K input tokens · ${credits(model.outputCreditsPer1K)} / 1K output tokens`;
}

const OPTIONS = MODEL_CATALOGUE.map((m) => ({ value: m.id, label: `${m.label} — ${modelRateText(m)}` }));

export function ModelSelect({ value, onChange }: { value: string | undefined; onChange(model: string): void }) {
  const chosen = MODEL_CATALOGUE.find((m) => m.id === value) ?? MODEL_CATALOGUE.find((m) => m.id === DEFAULT_MODEL_ID)!;
  return (
    <Select
      label="Model"
      description={`${chosen.label}: ${modelRateText(chosen)}.`}
      data={OPTIONS}
      value={chosen.id}
      allowDeselect={false}
      onChange={(v) => v && onChange(v)}
    />
  );
}
