// A prompt field with its size in tokens beside the label, so a writer sees what each turn carries.
import { Textarea } from '@mantine/core';
import { estimateTokens } from '@parley/core';

export interface TokenCountedTextareaProps {
  label: string;
  description: string;
  value: string;
  onText(text: string): void;
  minRows?: number;
  maxRows?: number;
}

export function TokenCountedTextarea({ label, description, value, onText, minRows = 3, maxRows = 14 }: TokenCountedTextareaProps) {
  const tokens = estimateTokens(value);
  const count = `About ${tokens} token${tokens === 1 ? '' : 's'}.`;
  return <Textarea autosize label={label} description={`${description} ${count}`} minRows={minRows} maxRows={maxRows} value={value} onChange={(e) => onText(e.currentTarget.value)} />;
}
