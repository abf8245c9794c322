// One image field for the agent builder and the agency's branding: preview, upload (size/type limits checked here
// first, enforced again by the server), remove. The caller passes the upload itself (its callable and folder).
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { checkUploadLimits, TOAST_MS } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { readAsDataUrl } from '../lib/read-file';

export interface ImageUploadFieldProps {
  label: string;
  value: string | undefined;
  onChange: (url: string) => void;
  maxSizeMB: number;
  accept: string;
  /** The line under the field (what to upload and its limits). */
  hint: string;
  /** Stores the file (as a data URL) and answers its public URL. */
  upload: (file: File, dataUrl: string) => Promise<string>;
  /** How a file over the limits is refused: a browser alert (the agent builder's) or a line under the field. */
  limitProblem?: 'alert' | 'inline';
  radius?: 'sm' | 'md';
}

export function ImageUploadField({ label, value, onChange, maxSizeMB, accept, hint, upload, limitProblem = 'inline', radius = 'sm' }: ImageUploadFieldProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function pick(file: File | null) {
    if (!file) return;
    const limit = checkUploadLimits(file, { maxSizeMB, accept });
    if (limitProblem === 'alert' && limit) window.alert(limit);
    else setProblem(limit);
    if (limit) return;
    setBusy(true);
    try {
      onChange(await upload(file, await readAsDataUrl(file)));
    } catch (error) {
      notifications.show({ color: 'red', message: `Upload failed: ${errorMessage(error)}`, autoClose: TOAST_MS.long });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="sm">
        <Avatar src={value || null} radius={radius} size="lg" alt={value ? `${label} preview` : ''} />
        <FileButton onChange={(f) => void pick(f)} accept={accept}>
          {(p) => (
            <Button {...p} variant="default" size="xs" loading={busy} aria-label={`Upload ${label}`}>
              Upload
            </Button>
          )}
        </FileButton>
        {value && (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange('')} aria-label={`Remove ${label}`}>
            Remove
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
