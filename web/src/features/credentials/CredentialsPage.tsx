// /app/{region}/credentials — Credentials: the workspace secret, each agent's secret key, the events signing secret
// (masked, copied from the server, regenerable where they can be) and the workspace's own model provider and voice
// provider key. The
// owner's page: members see it without any secret; clients never reach it (the server refuses them too).
import { Alert, Anchor, Divider, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@parley/core';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { credentialKeys, getCredentials, regenerateWorkspaceSecret, revealSecret, rotateSigningSecret } from './credentials-api';
import { ProviderKeyForm } from './ProviderKeyForm';
import { RegenerateButton } from './RegenerateButton';
import { SecretRow } from './SecretRow';
import { VoiceKeyForm } from './VoiceKeyForm';

/** A secret's section: what it is for and, for the owner, the masked value with Copy and Regenerate. */
function RegenerableSecret(props: {
  title: string;
  about: string;
  warning: string;
  last4: string | undefined;
  isOwner: boolean;
  reveal(): Promise<string>;
  regenerate(): Promise<string>;
  onDone(): void;
}) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">{props.title}</Title>
      <Text size="sm" c="dimmed">{props.about}</Text>
      {props.isOwner && (
        <SecretRow
          label={props.title}
          last4={props.last4}
          reveal={props.reveal}
          extra={<RegenerateButton label={props.title.toLowerCase()} warning={props.warning} regenerate={props.regenerate} onDone={props.onDone} />}
        />
      )}
    </Stack>
  );
}

export default function CredentialsPage() {
  const { region, workspace } = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const key = credentialKeys.all(region, workspace.uid);
  const creds = useQuery({ queryKey: key, queryFn: () => getCredentials(region, workspace.uid) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const data = creds.data;

  return (
    <Stack p="md" gap="lg" maw={900}>
      <Title order={1} size="h2">Credentials</Title>
      <Text c="dimmed">The secrets your systems use to call Parley and to check what Parley sends them.</Text>
      {creds.isError && <Alert color="red">Could not load the credentials: {errorMessage(creds.error)}</Alert>}
      {data?.role === 'member' && <Alert color="blue">Only the workspace owner can see and change secrets.</Alert>}
      {data && (
        <>
          <RegenerableSecret
            title="Workspace secret"
            about="The bearer for the REST API (agents, logs, billing) in this workspace."
            warning="The current secret stops working at once: every system using it must be given the new one."
            last4={data.workspaceSecret?.last4}
            isOwner={data.role === 'owner'}
            reveal={() => revealSecret(region, workspace.uid, 'workspace')}
            regenerate={() => regenerateWorkspaceSecret(region, workspace.uid)}
            onDone={refresh}
          />
          <Divider />
          <RegenerableSecret
            title="Events signing secret"
            about="Your endpoint checks each event delivery with it (see Events)."
            warning="Deliveries are signed with the new secret at once: your endpoint must check them with it."
            last4={data.signingSecret?.last4}
            isOwner={data.role === 'owner'}
            reveal={() => revealSecret(region, workspace.uid, 'signing')}
            regenerate={() => rotateSigningSecret(region, workspace.uid)}
            onDone={refresh}
          />
          <Divider />
          <Stack gap="sm">
            <Title order={2} size="h4">Agent secret keys</Title>
            {data.agents.length === 0 && <Text c="dimmed">No agents in this region yet.</Text>}
            {data.agents.map((agent) => (
              <Stack key={agent.agentId} gap={2}>
                <Anchor component={Link} to={routes.agent(region, agent.agentId)}>{agent.title || agent.agentId}</Anchor>
                {data.role === 'owner' && (
                  <SecretRow label={`Secret key of ${agent.title || agent.agentId}`} last4={agent.secretKey?.last4} reveal={() => revealSecret(region, workspace.uid, 'agent', agent.agentId)} />
                )}
              </Stack>
            ))}
          </Stack>
          {data.role === 'owner' && (
            <>
              <Divider />
              <ProviderKeyForm provider={data.provider} onSaved={refresh} />
              <Divider />
              <VoiceKeyForm voice={data.voice} onSaved={refresh} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
