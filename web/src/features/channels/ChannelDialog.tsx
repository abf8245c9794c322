// One channel's setup in a modal: opened from its card on the Channels page and from the agent action menu.
import { Alert, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCurrentWorkspace } from '../../lib/workspace-context';
import { channelLabel, type ModalChannel } from './catalog';
import { channelKeys, fetchConnections } from './channels-data';
import { DiscordSetup } from './DiscordSetup';
import { MetaPagesSetup } from './MetaPagesSetup';
import type { SetupProps } from './setup-props';
import { TelegramSetup } from './TelegramSetup';
import { useIsAgencyUser } from '../../lib/use-agency-user';
import { WhatsappSetup } from './WhatsappSetup';

function Setup({ channel, ...props }: SetupProps & { channel: ModalChannel }) {
  switch (channel) {
    case 'telegram':
      return <TelegramSetup {...props} />;
    case 'discord':
      return <DiscordSetup {...props} />;
    case 'whatsapp':
      return <WhatsappSetup {...props} />;
    case 'messenger':
    case 'instagram':
      return <MetaPagesSetup {...props} channel={channel} />;
  }
}

export interface ChannelDialogProps {
  agentId: string;
  /** The open channel, or null when closed. */
  channel: ModalChannel | null;
  onClose(): void;
  /** Channels need a saved agent. */
  saved?: boolean;
}

export function ChannelDialog({ agentId, channel, onClose, saved = true }: ChannelDialogProps) {
  const { region } = useCurrentWorkspace();
  const hideHelp = useIsAgencyUser();
  const connections = useQuery({
    queryKey: channelKeys.connections(region, agentId),
    queryFn: () => fetchConnections(region, agentId),
    enabled: channel !== null && saved,
  });
  return (
    <Modal opened={channel !== null} onClose={onClose} title={channel ? channelLabel(channel) : ''} size="lg">
      {channel && !saved ? <Alert color="yellow">Save the agent first: channels need a saved agent.</Alert> : null}
      {channel && saved ? <Setup channel={channel} region={region} agentId={agentId} connections={connections.data ?? []} hideHelp={hideHelp} /> : null}
    </Modal>
  );
}
