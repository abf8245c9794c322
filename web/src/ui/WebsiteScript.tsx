// The website script of an agent (the one tag a site adds), with how to use it and a copy button.
import { Button, Code, CopyButton, Stack, Text } from '@mantine/core';
import { widgetScriptTag, type Region } from '@parley/core';

export function WebsiteScript({ agentId, region }: { agentId: string; region: Region }) {
  const snippet = widgetScriptTag(location.origin, agentId, region);
  return (
    <Stack>
      <Text size="sm">Paste this before the closing &lt;/body&gt; tag of every page where the chat widget should appear.</Text>
      <Code block>{snippet}</Code>
      <CopyButton value={snippet}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy script'}</Button>}</CopyButton>
    </Stack>
  );
}
