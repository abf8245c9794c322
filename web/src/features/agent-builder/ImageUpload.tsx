// An image field: preview, upload through the uploadFile callable (size/type limits alerted first), clear.
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { checkUploadLimits } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { readAsDataUrl } from '../../lib/read-file';
import { uploadFile } from './agent-builder-api';

export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.svg';

export function ImageUpload(props: {
  label: string;
  value: string | undefined;
  onChange: (url: string) => void;
  agentId: string;
  userId: string;
  folder: string;
  maxSizeMB?: number;
  accept?: string;
}) {
  const { maxSizeMB = 1, accept = IMAGE_ACCEPT } = props;
  const [busy, setBusy] = useState(false);

  async function pick(file: File | null) {
    if (!file) return;
    const problem = checkUploadLimits(file, { maxSizeMB, accept });
    if (problem) {
      window.alert(problem);
      return;
    }
    setBusy(true);
    try {
      const base64Payload = await readAsDataUrl(file);
      const { data } = await uploadFile({
        agentId: props.agentId, userId: props.userId, base64Payload, targetPath: `${props.folder}/${file.name}`, temporary: false, maxSizeMB, accept,
      });
      props.onChange(data.url);
    } catch (error) {
      notifications.show({ color: 'red', message: `Upload failed: ${errorMessage(error)}` });
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
        <Avatar src={props.value || null} radius="md" size="lg" alt={props.value ? `${props.label} preview` : ''} />
        <FileButton onChange={(f) => void pick(f)} accept={accept}>
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
        Max size: {maxSizeMB} MBs · {accept}
      </Text>
    </Stack>
  );
}
