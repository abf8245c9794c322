// /app/{region}/prototype?vg_id={id}: the agent's real widget on a plain page to try and share.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { routes, widgetScriptTag } from '@parley/core';
import { useSearchParams } from 'react-router-dom';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { EmbeddedWidget } from './EmbeddedWidget';

export default function PrototypePage() {
  const [params] = useSearchParams();
  const { region } = useCurrentWorkspace();
  const agentId = params.get('vg_id') ?? '';
  if (!agentId) {
    return (
      <Stack p="xl">
        <Title order={1}>Prototype</Title>
        <Text>Open this page from an agent: its link carries the agent id (?vg_id=…).</Text>
      </Stack>
    );
  }
  return (
    <Stack p="xl" gap="sm" maw={760}>
      <Title order={1}>Prototype</Title>
      <Text>This page shows your agent’s widget exactly as visitors see it. Open it with the button in the corner.</Text>
      <Text size="sm" c="dimmed">
        Add it to your site with one tag:{' '}
        <code>{widgetScriptTag(location.origin, agentId, region)}</code>
      </Text>
      <Anchor href={routes.demo(region, agentId)}>Open the demo page</Anchor>
      <EmbeddedWidget agentId={agentId} region={region} />
    </Stack>
  );
}
