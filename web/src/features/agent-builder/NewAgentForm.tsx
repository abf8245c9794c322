// New Agent drawer content: name, template tabs and cards, Create (disabled while the name is empty).
import { Alert, Button, Card, Group, SimpleGrid, Stack, Tabs, Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_MS, validateAgentName, WORKSPACE_MESSAGES, type Region } from '@parley/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { convertAgentTemplateToAgent } from './agent-builder-api';
import { AGENT_TEMPLATES, BLANK_TEMPLATE_KEY, DEFAULT_TEMPLATE_KEY, newAgentPath, TEMPLATE_TABS, templatesInTab } from './templates';

const LOGIN_REQUIRED = WORKSPACE_MESSAGES.loginRequired;

export function NewAgentForm({ region, signedIn, onCreated }: { region: Region; signedIn: boolean; onCreated?: () => void }) {
  const [name, setName] = useState('');
  const [tab, setTab] = useState<string>('All Templates');
  const [selected, setSelected] = useState<string>(DEFAULT_TEMPLATE_KEY);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const nameProblem = validateAgentName(name);

  async function create() {
    if (!signedIn) {
      notifications.show({ color: 'red', message: LOGIN_REQUIRED, autoClose: TOAST_MS.medium });
      return;
    }
    if (nameProblem) return;
    const template = AGENT_TEMPLATES.find((t) => t.key === selected);
    if (!template) return;
    setBusy(true);
    try {
      const { agentCreated } = await convertAgentTemplateToAgent({ agentName: name.trim(), agentTemplate: template, region });
      notifications.show({ color: 'green', message: 'Agent created successfully, redirecting...', autoClose: TOAST_MS.default });
      onCreated?.();
      navigate(newAgentPath(region, agentCreated));
    } catch (error) {
      // The blank template is the creation without a template: its failure reads as a direct creation's.
      const message = template.key === BLANK_TEMPLATE_KEY ? `Error creating agent, ${errorMessage(error)}` : `Error: ${errorMessage(error)}`;
      notifications.show({ color: 'red', message, autoClose: TOAST_MS.long });
    } finally {
      setBusy(false);
    }
  }

  if (!signedIn) return <Alert color="red">{LOGIN_REQUIRED}</Alert>;

  return (
    <Stack>
      <TextInput
        label="Agent name"
        placeholder="e.g. Acme Support"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        description={nameProblem ?? undefined}
        data-autofocus
        onKeyDown={(e) => {
          if (e.key === 'Enter') void create();
        }}
      />
      <Tabs value={tab} onChange={(v) => setTab(v ?? 'All Templates')}>
        <Tabs.List aria-label="Template categories">
          {TEMPLATE_TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {t}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <SimpleGrid cols={1} spacing="xs" role="radiogroup" aria-label="Templates">
        {templatesInTab(tab).map((t) => {
          const active = t.key === selected;
          return (
            <UnstyledButton key={t.key} role="radio" aria-checked={active} aria-label={t.name} onClick={() => setSelected(t.key)}>
              <Card withBorder padding="sm" style={{ borderColor: active ? 'var(--mantine-primary-color-filled)' : undefined, borderWidth: active ? 2 : 1 }}>
                <Group wrap="nowrap" align="flex-start">
                  <Text size="xl" aria-hidden>
                    {t.icon}
                  </Text>
                  <Stack gap={2}>
                    <Text fw={600}>{t.name}</Text>
                    <Text size="sm" c="dimmed">
                      {t.description}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Button onClick={() => void create()} disabled={!!nameProblem} loading={busy}>
        Create
      </Button>
    </Stack>
  );
}
