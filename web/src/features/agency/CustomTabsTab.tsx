// Custom Tabs: pages the agency adds to its clients' dashboards (/app/{region}/c{href}). Cards collapse or open
// for editing (Done); move up and down, delete, alwaysVisible. A new tab starts as html with starter HTML and JS.
import { ActionIcon, Anchor, Avatar, Button, Card, Group, Input, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { newCustomTab, routes, TAB_ICON_MAX_MB, validateTabHref, type CustomTab, type Region } from '@parley/core';
import { lazy, Suspense, useState } from 'react';
import { AgencyImageUpload } from './AgencyImageUpload';

const CodePane = lazy(() => import('./CodePane'));

/** The href problem of tab `index` among `tabs` (leading slash, reserved, duplicate), or null. */
export const tabHrefError = (tabs: readonly CustomTab[], index: number): string | null =>
  validateTabHref(tabs[index]!.href, tabs.filter((_, i) => i !== index).map((t) => t.href));

/** The first href problem over all tabs (Save refuses while one exists). */
export const firstTabError = (tabs: readonly CustomTab[]): string | null => tabs.map((_, i) => tabHrefError(tabs, i)).find(Boolean) ?? null;

function TabCard(props: {
  tab: CustomTab;
  index: number;
  count: number;
  error: string | null;
  editing: boolean;
  region: Region;
  userId: string;
  onEdit: (open: boolean) => void;
  onChange: (tab: CustomTab) => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
}) {
  const { tab, index, count, error, editing, region } = props;
  const name = tab.label || `Tab ${index + 1}`;
  const set = (patch: Partial<CustomTab>) => props.onChange({ ...tab, ...patch });
  return (
    <Card withBorder padding="sm" aria-label={`Custom tab ${name}`} role="group">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Avatar src={tab.iconUrl || null} size="sm" radius="sm" alt="" />
          <div>
            <Text fw={600} size="sm">{name}</Text>
            <Text size="xs" c={error ? 'red' : 'dimmed'}>{tab.href || '(no URL)'}</Text>
          </div>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => props.onMove(-1)}>↑</ActionIcon>
          <ActionIcon variant="subtle" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => props.onMove(1)}>↓</ActionIcon>
          <Button size="xs" variant={editing ? 'filled' : 'default'} onClick={() => props.onEdit(!editing)} aria-label={editing ? `Done editing ${name}` : `Edit ${name}`}>
            {editing ? 'Done' : 'Edit'}
          </Button>
          <Button size="xs" color="red" variant="subtle" onClick={props.onDelete} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        </Group>
      </Group>
      {editing && (
        <Stack gap="sm" mt="sm">
          <Group grow align="start">
            <TextInput label="Label" value={tab.label} onChange={(e) => set({ label: e.currentTarget.value })} />
            <TextInput label="URL (href)" placeholder="/reports" value={tab.href} error={error ?? undefined} onChange={(e) => set({ href: e.currentTarget.value })} />
          </Group>
          <AgencyImageUpload label="Tab icon" hint="Square image" value={tab.iconUrl} userId={props.userId} maxSizeMB={TAB_ICON_MAX_MB} accept=".png,.jpg,.jpeg,.svg,.webp"
            onChange={(url) => set({ iconUrl: url })} />
          <Input.Wrapper label="Page type">
            <SegmentedControl aria-label="Page type" value={tab.pageType} onChange={(v) => set({ pageType: v as CustomTab['pageType'] })}
              data={[{ value: 'html', label: 'HTML' }, { value: 'iframe', label: 'Iframe' }]} />
          </Input.Wrapper>
          {tab.pageType === 'html' ? (
            <Suspense fallback={<Text size="sm">Loading editor…</Text>}>
              <Input.Wrapper label="HTML">
                <CodePane label="HTML code" value={tab.htmlContent} onChange={(v) => set({ htmlContent: v })} />
              </Input.Wrapper>
              <Input.Wrapper label="JavaScript">
                <CodePane label="JavaScript code" value={tab.jsContent} onChange={(v) => set({ jsContent: v })} />
              </Input.Wrapper>
            </Suspense>
          ) : (
            <TextInput label="Iframe URL" placeholder="https://reports.youragency.com" value={tab.iframeUrl ?? ''} onChange={(e) => set({ iframeUrl: e.currentTarget.value })} />
          )}
          <Switch label="Always visible" checked={tab.alwaysVisible} onChange={(e) => set({ alwaysVisible: e.currentTarget.checked })} />
          {!error && tab.href && (
            <Anchor href={routes.customTab(region, tab.href)} target="_blank" size="sm">
              Preview this tab (after saving)
            </Anchor>
          )}
        </Stack>
      )}
    </Card>
  );
}

export function CustomTabsTab({ tabs, onChange, region, userId }: { tabs: CustomTab[]; onChange: (tabs: CustomTab[]) => void; region: Region; userId: string }) {
  const [editing, setEditing] = useState<number | null>(null);
  function move(index: number, delta: -1 | 1) {
    const next = [...tabs];
    const [tab] = next.splice(index, 1);
    next.splice(index + delta, 0, tab!);
    onChange(next);
    if (editing === index) setEditing(index + delta);
  }
  function add() {
    let n = tabs.length + 1;
    while (tabs.some((t) => t.href === `/tab-${n}`)) n++;
    onChange([...tabs, newCustomTab({ label: `Tab ${n}`, href: `/tab-${n}` })]);
    setEditing(tabs.length);
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Pages of your own in your clients’ dashboards. HTML tabs run in a sandbox on a separate origin: their scripts never reach a client’s session.
      </Text>
      {tabs.map((tab, i) => (
        <TabCard key={i} tab={tab} index={i} count={tabs.length} error={tabHrefError(tabs, i)} editing={editing === i} region={region} userId={userId}
          onEdit={(open) => setEditing(open ? i : null)} onChange={(t) => onChange(tabs.map((x, j) => (j === i ? t : x)))} onMove={(d) => move(i, d)}
          onDelete={() => { onChange(tabs.filter((_, j) => j !== i)); setEditing(null); }} />
      ))}
      <Group>
        <Button variant="light" onClick={add}>
          Add tab
        </Button>
      </Group>
    </Stack>
  );
}
