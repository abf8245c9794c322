// The Send Test Message form of a connected number: the recipient with its country code and a message. It closes
// on Send or Cancel.
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { channelsApi, validateWhatsappTestMessage, type Region } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { callFunction } from '../../lib/functions';
import { toast } from './toast';
import { FormError } from '../../ui/FormError';

export function WhatsappTestMessage({ region, agentId, phoneId, onClose }: { region: Region; agentId: string; phoneId: string; onClose(): void }) {
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => callFunction(channelsApi.sendWhatsappTestMessage, { region, agentId, phoneId, to: phone.trim(), message }),
    onSuccess: (result) => {
      toast(result.message, result.ok);
      onClose();
    },
    onError: (e: Error) => setError(errorMessage(e, channelsApi.META_TEXTS.networkError)),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = validateWhatsappTestMessage({ phone, numberId: phoneId, message });
    setError(problem);
    if (!problem) send.mutate();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Send Test Message">
      <Stack gap="xs">
        <TextInput label="Phone number" placeholder="+15550100001" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
        <Textarea label="Message" rows={2} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
        <FormError message={error} />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={send.isPending}>
            Send
          </Button>
          <Button size="xs" variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
