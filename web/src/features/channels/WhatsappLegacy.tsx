// WhatsApp's Legacy Method (deprecated): the owner's own Meta app. Its webhook is {api}/agents/{agentId}/wa-webhook
// with the agent id as verify token; the access token, business id and number id are saved with the agent save
// (the token lands in the agent's private document); Run Test sends a message to the test number. Once Meta's
// handshake reached us (waVerifyPassed) a banner says the channel is connected. Opening the form tells the server
// that the owner started the set-up: only then does the handshake mark the agent (the agent id is no secret).
import { Alert, Button, Code, CopyButton, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AGENT_SECRET_FIELDS, agentsApi, channelsApi, channelWebhookPath, TOAST_MS } from '@parley/core';
import { useEffect, useState } from 'react';
import { getAgentDraft, loadAgentIntoDraft, updateAgentDraft } from '../../lib/agent-draft';
import { agentKeys, lookupAgent } from '../../lib/agents-data';
import { callApi, errorMessage } from '../../lib/api';
import { parleyConfig } from '../../lib/config';
import { callFunction } from '../../lib/functions';
import { useCurrentWorkspace, workspaceBearer } from '../../lib/workspace-context';
import { channelKeys, publicApiBase } from './channels-data';
import { HelpBox } from './HelpBox';
import type { SetupProps } from './setup-props';
import { toast } from './toast';

/** The legacy app's secret is saved only where the agent save keeps secrets privately. */
const APP_SECRET_FIELD = 'whatsappAppSecret';
const appSecretIsPrivate = (AGENT_SECRET_FIELDS as readonly string[]).includes(APP_SECRET_FIELD);

export function legacyWebhookUrl(agentId: string): string {
  return `${publicApiBase(parleyConfig().apiBase, window.location.origin)}${channelWebhookPath.whatsappLegacy(agentId)}`;
}

export function WhatsappLegacy({ region, agentId, hideHelp }: SetupProps) {
  const current = useCurrentWorkspace();
  const queryClient = useQueryClient();
  const saved = getAgentDraft(agentId)?.saved;
  const [form, setForm] = useState({
    whatsappToken: '',
    whatsappBusniessId: String(saved?.whatsappBusniessId ?? ''),
    whatsappNumberId: String(saved?.whatsappNumberId ?? ''),
    waTestNumber: String(saved?.waTestNumber ?? ''),
    [APP_SECRET_FIELD]: '',
  });
  const flags = useQuery({
    queryKey: [...channelKeys.all, 'wa-verify', region, agentId],
    queryFn: async () => {
      const found = await lookupAgent(region, agentId);
      return found.kind === 'found' ? !!found.agent.waVerifyPassed : false;
    },
    // Meta's handshake happens outside this page: look again until it has.
    refetchInterval: (query) => (query.state.data ? false : 3000),
  });
  const [verified, setVerified] = useState(false);
  const passed = verified || !!flags.data;
  const webhookUrl = legacyWebhookUrl(agentId);
  const { mutate: startSetup } = useMutation({
    mutationFn: () => callFunction(channelsApi.startWhatsappLegacySetup, { region, agentId }),
    onError: (e: Error) => toast(channelsApi.META_TEXTS.waErrorOccurred(errorMessage(e)), false, TOAST_MS.long),
  });
  useEffect(() => startSetup(), [startSetup, region, agentId]);

  // The Channels page shows WhatsApp Active from the agent's saved copy: it learns of the handshake here.
  useEffect(() => {
    const entry = getAgentDraft(agentId);
    if (!passed || !entry || entry.saved.waVerifyPassed) return;
    loadAgentIntoDraft({ ...entry.saved, waVerifyPassed: true }, { keepDraft: true });
    updateAgentDraft(agentId, (d) => ({ ...d, waVerifyPassed: true }));
  }, [agentId, passed]);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.currentTarget.value });

  const save = useMutation({
    mutationFn: async () => {
      const body: Record<string, string> = {
        whatsappBusniessId: form.whatsappBusniessId.trim(),
        whatsappNumberId: form.whatsappNumberId.trim(),
        waTestNumber: form.waTestNumber.trim(),
      };
      if (form.whatsappToken.trim()) body.whatsappToken = form.whatsappToken.trim();
      if (appSecretIsPrivate && form[APP_SECRET_FIELD].trim()) body[APP_SECRET_FIELD] = form[APP_SECRET_FIELD].trim();
      await callApi(agentsApi.saveAgent, { params: { agentId }, query: { region }, body, bearer: await workspaceBearer(current) });
      return { whatsappBusniessId: body.whatsappBusniessId, whatsappNumberId: body.whatsappNumberId, waTestNumber: body.waTestNumber };
    },
    onSuccess: (fields) => {
      toast(channelsApi.META_TEXTS.whatsappSaved, true);
      // The saved copy and the draft both carry the new public fields; the token never stays in the browser.
      const entry = getAgentDraft(agentId);
      if (entry) {
        loadAgentIntoDraft({ ...entry.saved, ...fields }, { keepDraft: true });
        updateAgentDraft(agentId, (d) => ({ ...d, ...fields }));
      }
      setForm((f) => ({ ...f, whatsappToken: '', [APP_SECRET_FIELD]: '' }));
      void queryClient.invalidateQueries({ queryKey: agentKeys.one(region, agentId) });
    },
    onError: (e: Error) => toast(channelsApi.META_TEXTS.waErrorOccurred(errorMessage(e)), false, TOAST_MS.long),
  });
  const runTest = useMutation({
    mutationFn: () => callFunction(channelsApi.runWhatsappLegacyTest, { region, agentId }),
    onSuccess: (result) => {
      toast(result.message, result.ok);
      if (result.waVerifyPassed) setVerified(true);
      void queryClient.invalidateQueries({ queryKey: channelKeys.all });
    },
    onError: (e: Error) => toast(channelsApi.META_TEXTS.waSendFailed(errorMessage(e)), false),
  });

  return (
    <Stack gap="md">
      {passed ? (
        <Alert color="green" title="WhatsApp connected" role="status">
          Meta verified your webhook: messages to your number are answered by this agent.
        </Alert>
      ) : null}
      <HelpBox
        hidden={hideHelp}
        title="Set up your own Meta app"
        steps={['Create an app of type Business at developers.facebook.com and add the WhatsApp product.', 'Paste the webhook URL and verify token below into the app’s WhatsApp configuration.', 'Copy the access token, business account id and phone number id into the fields below.']}
      />
      <Text size="sm" fw={600}>
        Step 1: create an app with Meta and add WhatsApp.
      </Text>
      <Text size="sm" fw={600}>
        Step 2: paste this webhook URL and verify token.
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code aria-label="Webhook URL" style={{ wordBreak: 'break-all' }}>
          {webhookUrl}
        </Code>
        <CopyButton value={webhookUrl}>{({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy URL'}</Button>}</CopyButton>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Code aria-label="Verify token">{agentId}</Code>
        <CopyButton value={agentId}>{({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy token'}</Button>}</CopyButton>
      </Group>
      <Text size="sm" fw={600}>
        Step 3: enter your access token, business id and number id.
      </Text>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="xs">
          <PasswordInput label="Access token" placeholder="Kept private once saved" value={form.whatsappToken} onChange={set('whatsappToken')} autoComplete="off" />
          <TextInput label="Business account ID" value={form.whatsappBusniessId} onChange={set('whatsappBusniessId')} />
          <TextInput label="Phone number ID" value={form.whatsappNumberId} onChange={set('whatsappNumberId')} />
          <TextInput label="Test number" description="Run Test sends a message here (with its country code)." value={form.waTestNumber} onChange={set('waTestNumber')} />
          {appSecretIsPrivate ? (
            <PasswordInput label="App secret" description="Lets us check that webhook calls come from your app." value={form[APP_SECRET_FIELD]} onChange={set(APP_SECRET_FIELD)} autoComplete="off" />
          ) : null}
          <Group gap="xs">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            <Button variant="light" loading={runTest.isPending} onClick={() => runTest.mutate()}>
              Run Test
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
