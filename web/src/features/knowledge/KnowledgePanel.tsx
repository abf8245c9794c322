// Knowledge sources of an agent: add text, upload a file or add a URL; status per source; refresh and delete.
import { ActionIcon, Alert, Badge, Button, FileButton, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { checkUploadLimits, KB_FILE_ACCEPT, KB_FILE_MAX_MB, TOAST_MS, type Region } from '@parley/core';
import { useState } from 'react';
import { errorMessage as message } from '../../lib/api';
import { readAsDataUrl } from '../../lib/read-file';
import { addSource, deleteSource, isBusy, kbKeys, listSources, REFRESH_RATES, refreshSource, type AddSource, type KnowledgeSource, type RefreshRate, type SourceStatus } from './knowledge-api';
import { TableHeader } from '../../ui/TableHeader';
import { RowActions } from '../../ui/RowActions';

const STATUS_COLOR: Record<SourceStatus, string> = { INITIALIZED: 'gray', PENDING: 'blue', SUCCESS: 'green', ERROR: 'red' };

export function KnowledgePanel({ region, agentId }: { region: Region; agentId: string }) {
  const queryClient = useQueryClient();
  const key = kbKeys.list(region, agentId);
  const [adding, setAdding] = useState(0);
  const sources = useQuery({
    queryKey: key,
    queryFn: () => listSources(region, agentId),
    // Poll while something is being processed (ours or a scheduled refresh).
    refetchInterval: (q) => (isBusy(q.state.data) || adding > 0 ? 1500 : false),
  });
  const [dialog, setDialog] = useState<null | 'text' | 'url'>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });

  async function run(source: AddSource) {
    setAdding((n) => n + 1);
    setDialog(null);
    // Let the list show the new source while it is processed.
    const poll = setTimeout(refresh, 300);
    try {
      const result = await addSource(region, agentId, source);
      if (result.status === 'ERROR') notifications.show({ color: 'red', message: `Source failed: ${result.error ?? 'unknown error'}`, autoClose: TOAST_MS.long });
      else notifications.show({ color: 'green', message: 'Source added', autoClose: TOAST_MS.default });
    } catch (error) {
      notifications.show({ color: 'red', message: `Error: ${message(error)}`, autoClose: TOAST_MS.long });
    } finally {
      clearTimeout(poll);
      setAdding((n) => n - 1);
      refresh();
    }
  }

  async function pickFile(file: File | null) {
    if (!file) return;
    const problem = checkUploadLimits(file, { maxSizeMB: KB_FILE_MAX_MB, accept: KB_FILE_ACCEPT });
    if (problem) {
      window.alert(problem);
      return;
    }
    await run({ type: 'file', fileName: file.name, base64Payload: await readAsDataUrl(file) });
  }

  async function remove(source: KnowledgeSource) {
    try {
      await deleteSource(region, agentId, source.ID);
      notifications.show({ color: 'green', message: 'Source deleted', autoClose: TOAST_MS.default });
    } catch (error) {
      notifications.show({ color: 'red', message: `Error: ${message(error)}` });
    } finally {
      refresh();
    }
  }

  async function recrawl(source: KnowledgeSource) {
    setAdding((n) => n + 1);
    try {
      await refreshSource(region, agentId, source.ID);
    } catch (error) {
      notifications.show({ color: 'red', message: `Error: ${message(error)}` });
    } finally {
      setAdding((n) => n - 1);
      refresh();
    }
  }

  const total = (sources.data ?? []).reduce((s, d) => s + (d.charCount || 0), 0);

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Button onClick={() => setDialog('text')}>Add text</Button>
        <FileButton onChange={(f) => void pickFile(f)} accept={KB_FILE_ACCEPT}>
          {(p) => (
            <Button {...p} variant="default">
              Upload file
            </Button>
          )}
        </FileButton>
        <Button variant="default" onClick={() => setDialog('url')}>
          Add URL
        </Button>
      </Group>
      {sources.isError && <Alert color="red">Could not load the knowledge base: {message(sources.error)}</Alert>}
      {sources.data && sources.data.length === 0 && <Text c="dimmed">No sources yet. Add text, a file (txt, md, html, pdf, docx, csv) or a web page.</Text>}
      {sources.data && sources.data.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {sources.data.length} sources · {total.toLocaleString()} characters
          </Text>
          <Table aria-label="Knowledge sources" verticalSpacing="xs">
            <TableHeader columns={['Source', 'Status', 'Characters', 'Refresh', '']} />
            <Table.Tbody>
              {sources.data.map((s) => (
                <Table.Tr key={s.ID} data-status={s.status}>
                  <Table.Td style={{ maxWidth: 320, wordBreak: 'break-all' }}>
                    <Text size="sm" fw={500}>
                      {s.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.sourceType === 'url' ? 'Web page' : (s.fileType ?? 'document').toUpperCase()}
                    </Text>
                    {s.status === 'ERROR' && s.error && (
                      <Text size="xs" c="red" role="alert">
                        {s.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[s.status]} variant="light" aria-label={`Status ${s.status}`}>
                      {s.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{(s.charCount || 0).toLocaleString()}</Table.Td>
                  <Table.Td>{s.sourceType === 'url' ? s.refreshRate : '—'}</Table.Td>
                  <RowActions>
                    {s.sourceType === 'url' && (
                      <Tooltip label="Refresh now">
                        <ActionIcon variant="subtle" aria-label={`Refresh ${s.name}`} onClick={() => void recrawl(s)} disabled={s.status === 'PENDING'}>
                          ↻
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <Tooltip label="Delete">
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${s.name}`} onClick={() => void remove(s)}>
                        ✕
                      </ActionIcon>
                    </Tooltip>
                  </RowActions>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      <TextSourceModal opened={dialog === 'text'} onClose={() => setDialog(null)} onSubmit={(name, text) => void run({ type: 'text', name, text })} />
      <UrlSourceModal opened={dialog === 'url'} onClose={() => setDialog(null)} onSubmit={(url, refreshRate) => void run({ type: 'url', url, refreshRate })} />
    </Stack>
  );
}

function TextSourceModal({ opened, onClose, onSubmit }: { opened: boolean; onClose: () => void; onSubmit: (name: string, text: string) => void }) {
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title="Add text">
      <Stack>
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Textarea label="Text" autosize minRows={6} maxRows={16} value={text} onChange={(e) => setText(e.currentTarget.value)} />
        <Button
          disabled={!name.trim() || !text.trim()}
          onClick={() => {
            onSubmit(name.trim(), text);
            setName('');
            setText('');
          }}
        >
          Add
        </Button>
      </Stack>
    </Modal>
  );
}

function UrlSourceModal({ opened, onClose, onSubmit }: { opened: boolean; onClose: () => void; onSubmit: (url: string, rate: RefreshRate) => void }) {
  const [url, setUrl] = useState('');
  const [rate, setRate] = useState<RefreshRate>('24h');
  const valid = /^https?:\/\/\S+$/i.test(url.trim());
  return (
    <Modal opened={opened} onClose={onClose} title="Add URL">
      <Stack>
        <TextInput label="URL" placeholder="https://example.com/faq" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={url && !valid ? 'Please enter a valid URL (https://...).' : undefined} />
        <Select label="Refresh rate" data={[...REFRESH_RATES]} value={rate} allowDeselect={false} onChange={(v) => v && setRate(v as RefreshRate)} />
        <Button
          disabled={!valid}
          onClick={() => {
            onSubmit(url.trim(), rate);
            setUrl('');
          }}
        >
          Add
        </Button>
      </Stack>
    </Modal>
  );
}
