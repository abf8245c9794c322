// Creates a team workspace (createWorkspace callable with team: true) in either region.
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Region } from '@parley/core';
import { RegionPicker } from '../../ui/RegionPicker';
import { useWorkspaceNameForm } from './use-workspace-name-form';
import { createTeamWorkspace } from './workspace-api';

export function NewWorkspaceModal({ opened, onClose, defaultRegion, onCreated }: { opened: boolean; onClose: () => void; defaultRegion: Region; onCreated: (ws: { uid: string; region: Region; workspaceName: string }) => void }) {
  const [region, setRegion] = useState<Region>(defaultRegion);
  const { name, setName, error, busy, submit } = useWorkspaceNameForm(
    '',
    async (workspaceName) => {
      const { workspace } = await createTeamWorkspace(region, workspaceName);
      onCreated({ uid: workspace.uid, region, workspaceName });
    },
    (err) => (err instanceof Error ? err.message : 'Could not create the workspace.'),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="New workspace" centered>
      <form onSubmit={submit} noValidate aria-label="New workspace">
        <Stack>
          <TextInput label="Workspace name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={60} data-autofocus />
          <RegionPicker value={region} onChange={setRegion} inline />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Create workspace
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
