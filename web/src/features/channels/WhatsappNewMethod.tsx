// WhatsApp's New Method: Meta's Embedded Signup. Continue With Meta opens Meta's popup (configuration id, response
// type code, sessionInfoVersion 2); the popup posts WA_EMBEDDED_SIGNUP messages (read only from Meta's origins):
// FINISH names the WABA and number, CANCEL is only logged, ERROR is shown. The code is exchanged server-side, the
// WABA's numbers listed, and Connect registers one for this agent.
import { Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ANALYTICS_EVENTS, channelsApi, WHATSAPP_NUMBER_CONNECTED, type CallableOutput, type WhatsappProviderNumber } from '@parley/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { callFunction } from '../../lib/functions';
import { trackChannelsEvent } from './analytics';
import { channelKeys } from './channels-data';
import { readEmbeddedSignupMessage, type EmbeddedSignupEvent } from './embedded-signup';
import { HelpBox } from './HelpBox';
import { embeddedSignupLogin, useMetaSdk } from './meta-sdk';
import { ConnectedList, ConnectedRow, MetaSignInButton, OfferedRow, SetupList } from './MetaSetupParts';
import type { SetupProps } from './setup-props';
import { toast } from './toast';
import { useChannelAction } from './use-channel-action';
import { WhatsappTemplateForm } from './WhatsappTemplateForm';
import { WhatsappTestMessage } from './WhatsappTestMessage';

type WaNumber = CallableOutput<typeof channelsApi.getWhatsappNumbers>['numbers'][number];

/** Read through a function: TypeScript would otherwise keep the null assigned before the popup opened. */
const latestFinish = (ref: { current: Extract<EmbeddedSignupEvent, { event: 'FINISH' }> | null }) => ref.current;

/** Listens for Embedded Signup messages while the popup is open; answers the latest FINISH. */
function useSignupMessages(trusted: readonly string[] | undefined) {
  const finish = useRef<Extract<EmbeddedSignupEvent, { event: 'FINISH' }> | null>(null);
  useEffect(() => {
    if (!trusted) return;
    const onMessage = (message: MessageEvent) => {
      const event = readEmbeddedSignupMessage(message, trusted);
      if (!event) return;
      if (event.event === 'FINISH') finish.current = event;
      else if (event.event === 'CANCEL') console.info('[channels] WhatsApp signup cancelled at step', event.currentStep);
      else toast(channelsApi.META_TEXTS.waError(event.errorMessage), false);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [trusted]);
  return finish;
}

export function WhatsappNewMethod({ region, agentId, hideHelp }: SetupProps) {
  const meta = useMetaSdk();
  const finish = useSignupMessages(meta.ready?.config.loginOrigins);
  const [found, setFound] = useState<{ wabaId: string; numbers: WhatsappProviderNumber[] } | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const numbers = useQuery({
    queryKey: channelKeys.waNumbers(region, agentId),
    queryFn: () => callFunction(channelsApi.getWhatsappNumbers, { region, agentId }).then((r) => r.numbers),
  });

  const signup = useMutation({
    mutationFn: async () => {
      if (!meta.ready) return null;
      finish.current = null;
      const code = await embeddedSignupLogin(meta.ready.fb, meta.ready.config);
      if (!code) return null;
      const token = await callFunction(channelsApi.getLongAccessToken, { region, code });
      if (!token.ok) throw new Error(token.message);
      // FINISH arrives before the login's callback; without it the user did not complete the flow.
      const done = latestFinish(finish);
      if (!done) return null;
      const details = await callFunction(channelsApi.getDetailsOfWhatsappNumber, { region, wabaId: done.wabaId });
      if (!details.ok) throw new Error(details.message);
      toast(details.message || channelsApi.META_TEXTS.numberInfoFetched, true);
      return { wabaId: done.wabaId, numbers: details.data };
    },
    onSuccess: (result) => {
      if (result) setFound(result);
    },
    onError: (e: Error) => toast(channelsApi.META_TEXTS.waError(errorMessage(e)), false),
  });
  const connect = useChannelAction(
    (input: { wabaId: string; number: WhatsappProviderNumber }) =>
      callFunction(channelsApi.connectWhatsappNumber, { region, agentId, wabaId: input.wabaId, phoneId: input.number.id, phoneNumber: input.number.display_phone_number }),
    (e) => channelsApi.META_TEXTS.waErrorOccurred(errorMessage(e)),
    (answer) => {
      if (answer.ok) trackChannelsEvent(ANALYTICS_EVENTS.whatsappChannelAdded, { agentId });
    },
  );
  const remove = useChannelAction(
    (phoneId: string) => callFunction(channelsApi.removeWhatsappNumber, { region, agentId, phoneId }),
    (e) => channelsApi.META_TEXTS.waError(errorMessage(e)),
  );

  const connectedIds = new Set((numbers.data ?? []).map((n: WaNumber) => n.phoneId));
  const wabaId = found?.wabaId ?? numbers.data?.[0]?.wabaId;

  return (
    <Stack gap="md">
      <HelpBox
        hidden={hideHelp}
        title="Connect a WhatsApp number"
        steps={[
          'Create a Meta business account (business.facebook.com) if you do not have one.',
          'Press Continue With Meta, pick or add your WhatsApp Business number and finish.',
          'Connect the number to this agent.',
        ]}
      />
      <Text size="sm">Step 1: create a Meta business account. Step 2: continue with Meta to pick your WhatsApp number.</Text>
      <MetaSignInButton meta={meta} pending={signup.isPending} onClick={() => signup.mutate()}>
        Continue With Meta
      </MetaSignInButton>
      {found ? (
        <SetupList label="Numbers found" empty={found.numbers.length === 0 ? <Text c="dimmed">No numbers in this WhatsApp Business Account.</Text> : null}>
          {found.numbers.map((number) => (
            <OfferedRow
              key={number.id}
              name={number.display_phone_number}
              connected={connectedIds.has(number.id)}
              connecting={connect.isPending && connect.variables?.number.id === number.id}
              onConnect={() => connect.mutate({ wabaId: found.wabaId, number })}
            >
              <div>
                <Text size="sm" fw={600}>
                  {number.display_phone_number}
                </Text>
                <Text size="xs" c="dimmed">
                  {number.verified_name}
                  {number.status && number.status !== WHATSAPP_NUMBER_CONNECTED ? ` · ${number.status}` : ''}
                </Text>
              </div>
            </OfferedRow>
          ))}
        </SetupList>
      ) : null}
      <ConnectedList
        title="Connected Whatsapp Numbers"
        empty={numbers.data && numbers.data.length === 0 ? <Text c="dimmed" size="sm">No number is connected to this agent yet.</Text> : null}
      >
        {(numbers.data ?? []).map((number) => (
          <ConnectedRow
            key={number.phoneId}
            name={number.phoneNumber || number.phoneId}
            removing={remove.isPending && remove.variables === number.phoneId}
            onRemove={() => remove.mutate(number.phoneId)}
            actions={
              <Button size="xs" variant="light" onClick={() => setTesting(testing === number.phoneId ? null : number.phoneId)}>
                Send Test Message
              </Button>
            }
            below={testing === number.phoneId ? <WhatsappTestMessage region={region} agentId={agentId} phoneId={number.phoneId} onClose={() => setTesting(null)} /> : null}
          >
            <Text size="sm" fw={600}>
              {number.phoneNumber || number.phoneId}
            </Text>
          </ConnectedRow>
        ))}
      </ConnectedList>
      {wabaId ? <WhatsappTemplateForm region={region} agentId={agentId} wabaId={wabaId} /> : null}
    </Stack>
  );
}
