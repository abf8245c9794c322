import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { isRegion, newPersonalWorkspaceName, routes, validateWorkspaceName, type Region } from '@parley/core';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { rememberHomeRegion, writeCurrentWorkspace } from '../../lib/workspace-data';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { PublicLayout } from '../../ui/PublicLayout';
import { RegionPicker } from '../../ui/RegionPicker';
import { createWorkspace } from './onboarding-api';
import { OwnRecordGate, type OwnRecord } from './OwnRecordGate';

// A workspace (and its free sign-up credits) only for a verified e-mail: the verify screen comes first.
export default function OnboardingPage() {
  return <OwnRecordGate>{(own) => <Onboarding own={own} />}</OwnRecordGate>;
}

function Onboarding({ own }: { own: OwnRecord }) {
  const [params] = useSearchParams();
  if (own.data === undefined && !own.error) return <FullPageLoader />;
  if (own.data) return <Navigate to={routes.agents(own.data.region)} replace />;
  const region = params.get('region');
  return <OnboardingForm initialRegion={isRegion(region) ? region : 'na'} />;
}

function OnboardingForm({ initialRegion }: { initialRegion: Region }) {
  const [region, setRegion] = useState<Region>(initialRegion);
  const [name, setName] = useState(() => newPersonalWorkspaceName());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateWorkspaceName(name);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await createWorkspace(region, name.trim());
      rememberHomeRegion(result.region);
      writeCurrentWorkspace({ uid: result.workspace.uid, region: result.region });
      await queryClient.invalidateQueries();
      navigate(routes.agents(result.region), { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not create your workspace. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={480} mx="auto" my={48}>
        <form onSubmit={onSubmit} noValidate aria-label="Set up your workspace">
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                Set up your workspace
              </Title>
              <Text c="dimmed" size="sm">
                Choose where your data lives and name your workspace. You can invite teammates later.
              </Text>
            </div>
            <RegionPicker value={region} onChange={setRegion} description="Agents, chats and knowledge are stored in this region." />
            <TextInput label="Workspace name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={60} />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Button type="submit" loading={busy}>
              Create workspace
            </Button>
          </Stack>
        </form>
      </Paper>
    </PublicLayout>
  );
}
