// /{region}/prototype/{agentId} on an agency host: the agent's widget on a plain, agency-branded page.
import { Stack, Text, Title } from '@mantine/core';
import { isRegion } from '@parley/core';
import { Navigate, useParams } from 'react-router-dom';
import { EmbeddedWidget } from '../../features/debugger/EmbeddedWidget';
import { useAgencyBranding } from '../../lib/agency-host';

export default function AgencyPrototypePage() {
  const { region, agentId } = useParams();
  const branding = useAgencyBranding();
  if (!isRegion(region) || !agentId) return <Navigate to="/404" replace />;
  return (
    <Stack p="xl" gap="sm" maw={760}>
      <Title order={1}>{branding?.name ? `${branding.name} demo` : 'Demo'}</Title>
      <Text>Try the assistant with the button in the corner.</Text>
      <EmbeddedWidget agentId={agentId} region={region} />
    </Stack>
  );
}
