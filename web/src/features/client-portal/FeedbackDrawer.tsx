// Send Feedback: the e-mail is fixed to the client's own; a message and attachments (uploaded, sent as links) go to
// the agency through its verified sending domain.
import { Button, Drawer, FileInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { clientsApi, uploadsApi, TOAST_MS } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage } from '../../lib/api';
import { callFunction } from '../../lib/functions';
import { readAsDataUrl } from '../../lib/read-file';
import { usePortal } from './portal-context';

export function FeedbackDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { user, region, claims, client } = usePortal();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const email = client?.email ?? user.email ?? '';
  const send = useMutation({
    mutationFn: async () => {
      const attachmentLinks = await Promise.all(
        files.map(async (file) => {
          const uploaded = await callFunction(uploadsApi.uploadFile, {
            region,
            agentId: '',
            userId: user.uid,
            base64Payload: await readAsDataUrl(file),
            targetPath: `feedback/${file.name}`,
            temporary: true,
          });
          return { filename: file.name, url: uploaded.data.url, sizeKB: Math.round(file.size / 102.4) / 10 };
        }),
      );
      return callApi(clientsApi.sendAgencyFeedback, {
        params: { agencyId: claims.agencyId },
        body: { subject: 'Feedback', message, attachmentLinks, bucket: region === 'eu' ? 'voiceglow-eu' : '(default)' },
        bearer: await user.getIdToken(),
      });
    },
    onSuccess: () => {
      notifications.show({ color: 'green', message: clientsApi.CLIENTS_MESSAGES.feedbackSent, autoClose: TOAST_MS.medium });
      setMessage('');
      setFiles([]);
      onClose();
    },
    onError: (e: Error) => notifications.show({ color: 'red', message: `Error: ${errorMessage(e, clientsApi.CLIENTS_MESSAGES.feedbackFailed)}`, autoClose: TOAST_MS.medium }),
  });
  return (
    <Drawer opened={opened} onClose={onClose} title="Send Feedback" position="right">
      <Stack>
        <TextInput label="Your e-mail" value={email} readOnly />
        <Textarea label="Message" minRows={5} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
        <FileInput label="Attachments" multiple clearable value={files} onChange={setFiles} placeholder="Add files" />
        <Text size="xs" c="dimmed">
          Your provider answers at your e-mail address.
        </Text>
        <Button onClick={() => send.mutate()} loading={send.isPending} disabled={!message.trim()}>
          Send
        </Button>
      </Stack>
    </Drawer>
  );
}
