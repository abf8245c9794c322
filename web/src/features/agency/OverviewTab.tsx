// Overview: name, logos and favicon, branding text (markdown), password login, the agency secret and the admin
// magic link built from it, and the intro video (its dismissal remembered in this browser).
import { Button, Card, CopyButton, Group, Modal, PasswordInput, Stack, Switch, Text, Textarea, TextInput,  } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FAVICON_SIZE_PX, LOGO_SIZE_PX, TAB_ICON_MAX_MB, TOAST_MS, type Region } from '@parley/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminMagicLink } from '../../lib/admin-link';
import { errorMessage } from '../../lib/api';
import { agencySecret, type AgencyRecord } from './agency-api';
import { AgencyImageUpload } from './AgencyImageUpload';
import { IntroVideo } from './IntroVideo';
import { SafeMarkdown } from './SafeMarkdown';
import { SectionCard } from '../../ui/SectionCard';

const LOGO_ACCEPT = '.png,.jpg,.jpeg,.webp,.svg';

/** Where the agency's clients (and its admin link) open the dashboard: the verified custom domain, else the subdomain. */
export function agencyOrigin(agency: Pick<AgencyRecord, 'customDomain' | 'isVerifiedCustomDomain' | 'VGsubDomain' | 'isVerifiedSubDomain'>, here: Location = window.location): string | null {
  const host = agency.isVerifiedCustomDomain && agency.customDomain ? agency.customDomain : agency.isVerifiedSubDomain && agency.VGsubDomain ? agency.VGsubDomain : null;
  if (!host) return null;
  // Locally the subdomains are served by the same server (http, its port); in production https on 443.
  return here.port ? `${here.protocol}//${host}:${here.port}` : `https://${host}`;
}


function SecretCard({ agency, region }: { agency: AgencyRecord; region: Region }) {
  const queryClient = useQueryClient();
  const key = ['agency-secret', region, agency.ID];
  const secret = useQuery({ queryKey: key, queryFn: async () => (await agencySecret({ region, agencyId: agency.ID })).secret, staleTime: Infinity });
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const origin = agencyOrigin(agency);
  const link = secret.data && origin ? adminMagicLink(origin, agency.ID, secret.data, region) : null;

  async function regenerate() {
    setBusy(true);
    try {
      const { secret: next } = await agencySecret({ region, agencyId: agency.ID, regenerate: true });
      queryClient.setQueryData(key, next);
      notifications.show({ color: 'green', message: 'Agency secret regenerated', autoClose: TOAST_MS.default });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error), autoClose: TOAST_MS.long });
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  }

  return (
    <SectionCard title="Agency secret" compact landmark={false} gap="xs">
      <Text size="xs" c="dimmed">
        Signs you in as admin to every client dashboard (it controls all widgets). Keep it private.
      </Text>
      <Group gap="xs" align="end">
        <PasswordInput label="Secret" value={secret.data ?? ''} readOnly style={{ flex: 1 }} aria-label="Agency secret" placeholder={secret.isPending ? 'Loading…' : ''} />
        <CopyButton value={secret.data ?? ''}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} disabled={!secret.data} aria-label="Copy agency secret">
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button color="red" variant="light" onClick={() => setConfirm(true)} disabled={!secret.data}>
          Regenerate
        </Button>
      </Group>
      <Text size="sm" fw={500}>
        Admin magic link
      </Text>
      {link ? (
        <Group gap="xs">
          <TextInput value={link} readOnly style={{ flex: 1 }} aria-label="Admin magic link" type="password" />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} aria-label="Copy admin magic link">
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          Available once your subdomain or custom domain is verified (Domains tab).
        </Text>
      )}
      <Modal opened={confirm} onClose={() => setConfirm(false)} title="Regenerate the agency secret?">
        <Stack>
          <Text size="sm">The current secret and every admin magic link made from it stop working at once.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={() => void regenerate()}>
              Regenerate secret
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}

export function OverviewTab({ draft, update, region, userId }: { draft: AgencyRecord; update: (p: Partial<AgencyRecord>) => void; region: Region; userId: string }) {
  return (
    <Stack gap="md">
      <IntroVideo />
      <TextInput label="Agency name" value={draft.name} onChange={(e) => update({ name: e.currentTarget.value })} maxLength={80} />
      <Group align="start" grow>
        <AgencyImageUpload label="Square logo" hint={`PNG ${LOGO_SIZE_PX}x${LOGO_SIZE_PX} recommended`} value={draft.squarePhotoURL} userId={userId}
          maxSizeMB={TAB_ICON_MAX_MB} accept={LOGO_ACCEPT} onChange={(url) => update({ squarePhotoURL: url })} />
        <AgencyImageUpload label="Dark mode square logo" hint={`PNG ${LOGO_SIZE_PX}x${LOGO_SIZE_PX} recommended`} value={draft.darkModeSquarePhotourl}
          userId={userId} maxSizeMB={TAB_ICON_MAX_MB} accept={LOGO_ACCEPT} onChange={(url) => update({ darkModeSquarePhotourl: url })} />
        <AgencyImageUpload label="Favicon" hint={`PNG ${FAVICON_SIZE_PX}x${FAVICON_SIZE_PX} recommended`} value={draft.faviconURL} userId={userId}
          maxSizeMB={TAB_ICON_MAX_MB} accept=".png,.ico,.svg" onChange={(url) => update({ faviconURL: url })} />
      </Group>
      <Textarea label="Branding text (markdown)" description="Shown on your clients' login page." autosize minRows={3} maxRows={10}
        value={draft.brandingText} onChange={(e) => update({ brandingText: e.currentTarget.value })} />
      {draft.brandingText.trim() && (
        <Card withBorder padding="sm" aria-label="Branding text preview">
          <SafeMarkdown text={draft.brandingText} />
        </Card>
      )}
      <Switch label="Disable password login (clients sign in with a code sent by e-mail)" checked={draft.settings.disablePasswordLogin ?? false}
        onChange={(e) => update({ settings: { ...draft.settings, disablePasswordLogin: e.currentTarget.checked } })} />
      <SecretCard agency={draft} region={region} />
    </Stack>
  );
}
