// Messenger and Instagram: Facebook Login, the long-lived token kept server-side (exchangeMetaToken), the pages
// the user manages (photo, name, linked Instagram account), Connect; the agent's connected pages with Remove.
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { channelsApi, type CallableOutput } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { callFunction } from '../../lib/functions';
import { channelKeys } from './channels-data';
import { HelpBox } from './HelpBox';
import { facebookLogin, useMetaSdk } from './meta-sdk';
import { ConnectedList, ConnectedRow, MetaSignInButton, OfferedRow, SetupList } from './MetaSetupParts';
import type { SetupProps } from './setup-props';
import { toast } from './toast';
import { useChannelAction } from './use-channel-action';

type PageOption = CallableOutput<typeof channelsApi.tokenToPages>['pages'][number];

export function MetaPagesSetup({ region, agentId, hideHelp, channel }: SetupProps & { channel: 'messenger' | 'instagram' }) {
  const [pages, setPages] = useState<PageOption[] | null>(null);
  const meta = useMetaSdk();
  const connected = useQuery({
    queryKey: channelKeys.metaPages(region, agentId),
    queryFn: () => callFunction(channelsApi.checkPageSubscriptions, { region, agentId }),
  });
  const name = channel === 'instagram' ? 'Instagram' : 'Messenger';

  const signIn = useMutation({
    mutationFn: async () => {
      if (!meta.ready) return null;
      const token = await facebookLogin(meta.ready.fb, meta.ready.config);
      if (!token) return null;
      const exchanged = await callFunction(channelsApi.exchangeMetaToken, { region, token });
      if (!exchanged.ok) throw new Error(exchanged.message);
      return callFunction(channelsApi.tokenToPages, { region });
    },
    onSuccess: (result) => {
      if (!result) {
        console.info('[channels] Facebook login cancelled');
        return;
      }
      if (!result.ok) toast(result.message, false);
      setPages(result.pages);
    },
    onError: (e: Error) => toast(channelsApi.META_TEXTS.pagePickerFailed(errorMessage(e)), false),
  });
  const connect = useChannelAction(
    (page: PageOption) => callFunction(channelsApi.connectMetaPage, { region, agentId, selectedPage: { id: page.id, name: page.name } }),
    (e) => channelsApi.META_TEXTS.pageConnectFailed(errorMessage(e)),
  );
  const remove = useChannelAction(
    (pageId: string) => callFunction(channelsApi.removeMetaPage, { region, agentId, pageId }),
    () => channelsApi.META_TEXTS.pageRemoveFailed,
  );

  const connectedIds = new Set((connected.data?.pages ?? []).map((p) => p.pageId));

  return (
    <Stack gap="md">
      <HelpBox
        hidden={hideHelp}
        title={`Connect ${name}`}
        steps={
          channel === 'instagram'
            ? ['Switch your Instagram account to a professional account.', 'Link it to a Facebook page you manage.', 'Continue with Facebook and connect that page.']
            : ['Continue with Facebook and allow access to your pages.', 'Pick the page this agent answers and press Connect.']
        }
      />
      <MetaSignInButton meta={meta} pending={signIn.isPending} onClick={() => signIn.mutate()}>
        Continue with Facebook
      </MetaSignInButton>
      {pages ? (
        <SetupList label="Your Facebook pages" empty={pages.length === 0 ? <Text c="dimmed">No pages found for this Facebook account.</Text> : null}>
          {pages.map((page) => (
            <OfferedRow
              key={page.id}
              name={page.name}
              connected={connectedIds.has(page.id)}
              disabled={channel === 'instagram' && !page.instagram}
              connecting={connect.isPending && connect.variables?.id === page.id}
              onConnect={() => connect.mutate(page)}
            >
              <Group gap="sm" wrap="nowrap">
                <Avatar src={page.photoUrl ?? null} alt="" radius="sm">
                  {page.name.slice(0, 1)}
                </Avatar>
                <div>
                  <Text size="sm" fw={600}>
                    {page.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {page.instagram ? `Instagram: ${page.instagram.name ?? page.instagram.id}` : 'No Instagram account linked'}
                  </Text>
                </div>
              </Group>
            </OfferedRow>
          ))}
        </SetupList>
      ) : null}
      <ConnectedList
        title="Connected pages"
        empty={connected.data && connected.data.pages.length === 0 ? <Text c="dimmed" size="sm">No page is connected to this agent yet.</Text> : null}
      >
        {(connected.data?.pages ?? []).map((page) => (
          <ConnectedRow
            key={page.pageId}
            name={page.pageName || page.pageId}
            removing={remove.isPending && remove.variables === page.pageId}
            onRemove={() => remove.mutate(page.pageId)}
          >
            <div>
              <Text size="sm" fw={600}>
                {page.pageName || page.pageId}
              </Text>
              <Text size="xs" c="dimmed">
                {page.igPageName || page.igPageId ? `Instagram: ${page.igPageName ?? page.igPageId}` : 'Messenger only'}
                {page.subscribed ? '' : ' · not receiving messages'}
              </Text>
            </div>
          </ConnectedRow>
        ))}
      </ConnectedList>
    </Stack>
  );
}
