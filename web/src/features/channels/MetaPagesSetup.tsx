// Messenger and Instagram: Facebook Login, the long-lived token kept server-side (exchangeMetaToken), the pages
// the user manages (photo, name, linked Instagram account), Connect; the agent's connected pages with Remove.
import { Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { channelsApi, type CallableOutput } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { callFunction } from '../../lib/functions';
import { channelKeys } from './channels-data';
import { HelpBox } from './HelpBox';
import { facebookLogin, useMetaSdk } from './meta-sdk';
import type { SetupProps } from './TelegramSetup';
import { toast } from './toast';

type PageOption = CallableOutput<typeof channelsApi.tokenToPages>['pages'][number];

export function MetaPagesSetup({ region, agentId, hideHelp, channel }: SetupProps & { channel: 'messenger' | 'instagram' }) {
  const queryClient = useQueryClient();
  const [pages, setPages] = useState<PageOption[] | null>(null);
  const meta = useMetaSdk();
  const connected = useQuery({
    queryKey: channelKeys.metaPages(region, agentId),
    queryFn: () => callFunction(channelsApi.checkPageSubscriptions, { region, agentId }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: channelKeys.all });
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
  const connect = useMutation({
    mutationFn: (page: PageOption) => callFunction(channelsApi.connectMetaPage, { region, agentId, selectedPage: { id: page.id, name: page.name } }),
    onSuccess: (result) => {
      toast(result.message, result.ok);
      void refresh();
    },
    onError: (e: Error) => toast(channelsApi.META_TEXTS.pageConnectFailed(errorMessage(e)), false),
  });
  const remove = useMutation({
    mutationFn: (pageId: string) => callFunction(channelsApi.removeMetaPage, { region, agentId, pageId }),
    onSuccess: (result) => {
      toast(result.message, result.ok);
      void refresh();
    },
    onError: () => toast(channelsApi.META_TEXTS.pageRemoveFailed, false),
  });

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
      <Button onClick={() => signIn.mutate()} loading={signIn.isPending || (!meta.ready && !meta.failed)} disabled={!meta.ready} w="fit-content">
        Continue with Facebook
      </Button>
      {pages && pages.length === 0 ? <Text c="dimmed">No pages found for this Facebook account.</Text> : null}
      {pages ? (
        <Stack gap="xs" role="list" aria-label="Your Facebook pages">
          {pages.map((page) => (
            <Paper key={page.id} withBorder p="xs" role="listitem" aria-label={page.name}>
              <Group justify="space-between" wrap="nowrap">
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
                {connectedIds.has(page.id) ? (
                  <Badge color="green">Connected</Badge>
                ) : (
                  <Button
                    size="xs"
                    aria-label={`Connect ${page.name}`}
                    disabled={channel === 'instagram' && !page.instagram}
                    loading={connect.isPending && connect.variables?.id === page.id}
                    onClick={() => connect.mutate(page)}
                  >
                    Connect
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : null}
      <Title order={3} size="h5">
        Connected pages
      </Title>
      {/* Outside the list: a list holds only its items. */}
      {connected.data && connected.data.pages.length === 0 ? <Text c="dimmed" size="sm">No page is connected to this agent yet.</Text> : null}
      <Stack gap="xs" role="list" aria-label="Connected pages">
        {(connected.data?.pages ?? []).map((page) => (
          <Paper key={page.pageId} withBorder p="xs" role="listitem" aria-label={page.pageName || page.pageId}>
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm" fw={600}>
                  {page.pageName || page.pageId}
                </Text>
                <Text size="xs" c="dimmed">
                  {page.igPageName || page.igPageId ? `Instagram: ${page.igPageName ?? page.igPageId}` : 'Messenger only'}
                  {page.subscribed ? '' : ' · not receiving messages'}
                </Text>
              </div>
              <Button
                size="xs"
                color="red"
                variant="light"
                aria-label={`Remove ${page.pageName || page.pageId}`}
                loading={remove.isPending && remove.variables === page.pageId}
                onClick={() => remove.mutate(page.pageId)}
              >
                Remove
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
