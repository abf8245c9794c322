// Unsaved-changes indicator and Save for the agent draft (POST /v2/agents/{id}).
import { Badge, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { AGENT_SECRET_FIELDS, TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { getAgentDraft, markAgentSaved, useAgentDraft } from '../../lib/agent-draft';
import type { AgentDoc } from '../../lib/agents-data';
import { hasUnpublishedChanges } from '../../lib/publish-diff';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { saveAgentDoc, saveFailedMessage } from './save-agent';

function withoutSecrets(agent: AgentDoc): AgentDoc {
  const copy: Record<string, unknown> = { ...agent };
  for (const key of AGENT_SECRET_FIELDS) delete copy[key];
  return copy as AgentDoc;
}

export function SaveBar({ agentId }: { agentId: string }) {
  const { region, secret, user } = useCurrentWorkspace();
  const entry = useAgentDraft(agentId);
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const changed = hasUnpublishedChanges(entry?.draft, entry?.saved);

  async function save() {
    const current = getAgentDraft(agentId);
    if (!current) return;
    setSaving(true);
    try {
      // The workspace secret when the shell has it, else the signed-in user's ID token (accepted for members).
      const bearer = secret ?? (await user.getIdToken());
      const saved = await saveAgentDoc(current.draft, bearer, region);
      // Secrets went to the private document; the draft must not keep them.
      markAgentSaved(agentId, withoutSecrets(saved));
      void queryClient.invalidateQueries({ queryKey: ['agent', region, agentId] });
      void queryClient.invalidateQueries({ queryKey: ['agent-secrets', region, agentId] });
      notifications.show({ color: 'green', message: 'Saved successfully', autoClose: TOAST_MS.default });
    } catch (error) {
      notifications.show({ color: 'red', message: saveFailedMessage(error), autoClose: TOAST_MS.long });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Group gap="xs">
      <Badge color={changed ? 'yellow' : 'green'} variant="light" role="status">
        {changed ? 'Unsaved changes' : 'All changes saved'}
      </Badge>
      <Button size="sm" onClick={() => void save()} disabled={!changed} loading={saving}>
        Save
      </Button>
    </Group>
  );
}
