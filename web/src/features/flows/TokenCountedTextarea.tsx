// A prompt field with its size in tokens beside the label, so a writer sees what each turn carries.
import { Textarea, type TextareaProps } from '@mantine/core';
import { estimateTokens } from '@parley/core';

export function TokenCountedTextarea({ value, description, ...props }: Omit<TextareaProps, 'value'> & { value: string }) {
  const tokens = estimateTokens(value);
  const count = `About ${tokens} token${tokens === 1 ? '' : 's'}`;
  return <Textarea autosize {...props} value={value} description={description ? `${description} ${count}.` : `${count}.`} />;
}
