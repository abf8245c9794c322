// Unsaved-changes indicator and Save for the agent draft (the shared agent save, lib/agent-save).
import { Badge, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@parley/core';
import { useAgentDraft } from '../../lib/agent-draft';
import { saveAgentFormErrorMessage, useSaveAgent } from '../../lib/agent-save';
import { hasUnpublishedChanges } from '../../lib/publish-diff';

export function SaveBar({ agentId }: { agentId: string }) {
  const entry = useAgentDraft(agentId);
  const { save, saving } = useSaveAgent(agentId, saveAgentFormErrorMessage);
  const changed = hasUnpublishedChanges(entry?.draft, entry?.saved);

  async function onSave() {
    if (await save()) notifications.show({ color: 'green', message: 'Saved successfully', autoClose: TOAST_MS.default });
  }

  return (
    <Group gap="xs">
      <Badge color={changed ? 'yellow' : 'green'} variant="light" role="status">
        {changed ? 'Unsaved changes' : 'All changes saved'}
      </Badge>
      <Button size="sm" onClick={() => void onSave()} disabled={!changed} loading={saving}>
        Save
      </Button>
    </Group>
  );
}
