// A branding image (logo, dark logo, favicon, tab icon): preview, upload through the uploadFile callable with the
// field's own size/type limits (checked here first, enforced again by the server), and remove.
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { checkUploadLimits, TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { readAsDataUrl } from '../../lib/read-file';
import { uploadFile } from './agency-api';

export function AgencyImageUpload(props: {
  label: string;
  hint: string;
  value: string | undefined;
  onChange: (url: string) => void;
  userId: string;
  maxSizeMB: number;
  accept: string;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function pick(file: File | null) {
    if (!file) return;
    const limit = checkUploadLimits(file, { maxSizeMB: props.maxSizeMB, accept: props.accept });
    setProblem(limit);
    if (limit) return;
    setBusy(true);
    try {
      const { data } = await uploadFile({
        agentId: '', userId: props.userId, base64Payload: await readAsDataUrl(file), targetPath: `agency/${file.name}`,
        temporary: false, maxSizeMB: props.maxSizeMB, accept: props.accept,
      });
      props.onChange(data.url);
    } catch (error) {
      notifications.show({ color: 'red', message: `Upload failed: ${errorMessage(error)}`, autoClose: TOAST_MS.long });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {props.label}
      </Text>
      <Group gap="sm">
        <Avatar src={props.value || null} radius="sm" size="lg" alt={props.value ? `${props.label} preview` : ''} />
        <FileButton onChange={(f) => void pick(f)} accept={props.accept}>
          {(p) => (
            <Button {...p} variant="default" size="xs" loading={busy} aria-label={`Upload ${props.label}`}>
              Upload
            </Button>
          )}
        </FileButton>
        {props.value && (
          <Button variant="subtle" color="red" size="xs" onClick={() => props.onChange('')} aria-label={`Remove ${props.label}`}>
            Remove
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {props.hint} · Max size: {props.maxSizeMB} MB
      </Text>
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
