// The client dashboard's top bar: the agency's logo (the optional Powered by is the footer's, with the agency's
// name: nothing on an agency host names the platform), org switcher with About and Add User, agent switcher,
// Send Feedback (verified sending domain only), credits, dark mode, notifications, profile menu and the
// online/offline toggle.
import { ActionIcon, Avatar, Button, Group, Image, Menu, Select, Switch, Text, useMantineColorScheme, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { clientsApi, parseAgentPath, TOAST_MS } from '@parley/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { IconMoon, IconSun } from '../../ui/icons';
import { AccountDrawer } from './AccountDrawer';
import { ClientBillingModal } from './billing/ClientBillingModal';
import { hasVerifiedSendingDomain } from './client-data';
import { clientAgentSwitchPath, shortAgentName } from './client-nav';
import { setClientStatus, signOutClient } from './client-session';
import { FeedbackDrawer } from './FeedbackDrawer';
import { ClientNotifications } from './ClientNotifications';
import { usePortal } from './portal-context';

/** Org admin panels the app composes in (the clients feature's Org Info and Add User drawers). */
export interface OrgAdminPanels {
  About?: (props: { opened: boolean; onClose(): void; orgId: string; region: 'na' | 'eu'; rootAdmin: boolean }) => React.ReactNode;
  AddUser?: (props: { opened: boolean; onClose(): void; orgId: string; region: 'na' | 'eu'; rootAdmin: boolean }) => React.ReactNode;
}

function formatCredits(value: number | undefined): string {
  return (value ?? 0).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

export function useClientSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { claims } = usePortal();
  return async () => {
    try {
      await signOutClient({ isClient: claims.role === 'client', queryClient });
      navigate('/', { replace: true });
    } catch {
      notifications.show({ color: 'red', title: 'Error Occured', message: 'An error occurred during sign in/out' });
    }
  };
}

export function ClientTopBar({ panels = {} }: { panels?: OrgAdminPanels }) {
  const portal = usePortal();
  const { region, agency, org, orgs, agents, client, access, isOrgAdmin, isAdmin } = portal;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signOut = useClientSignOut();
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const [drawer, setDrawer] = useState<null | 'feedback' | 'account' | 'about' | 'add-user'>(null);
  // Back from Stripe Checkout (?billing=…): the billing modal opens again, once.
  const [search, setSearch] = useSearchParams();
  const [billingOpen, setBillingOpen] = useState(() => search.has('billing'));
  useEffect(() => {
    if (!search.has('billing')) return;
    const next = new URLSearchParams(search);
    next.delete('billing');
    setSearch(next, { replace: true });
  }, [search, setSearch]);
  const allowBilling = !!org?.allowBilling;
  const [online, setOnline] = useState(client?.status !== 'offline');
  const current = parseAgentPath(pathname);
  const logo = colorScheme === 'dark' ? agency?.darkModeSquarePhotourl || agency?.squarePhotoURL : agency?.squarePhotoURL;

  function orgItem(kind: 'about' | 'add-user') {
    if (!isOrgAdmin) {
      notifications.show({ color: 'red', message: clientsApi.CLIENTS_MESSAGES.notOrgAdmin, autoClose: TOAST_MS.default });
      return;
    }
    setDrawer(kind);
  }

  async function toggleStatus(next: boolean) {
    setOnline(next);
    try {
      await setClientStatus(next ? 'online' : 'offline');
    } catch {
      setOnline(!next);
    }
  }

  const close = () => setDrawer(null);
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" className="agency-header">
      <Group gap="xs" wrap="nowrap">
        {logo ? <Image src={logo} alt={agency?.name ?? 'Logo'} h={32} w={32} fit="contain" /> : <Text fw={700}>{agency?.name ?? ''}</Text>}
        <Menu position="bottom-start">
          <Menu.Target>
            {/* The name starts with what the button does and holds its visible text (what a voice user says). */}
            <Button variant="subtle" size="xs">
              {org ? <VisuallyHidden>Organization: </VisuallyHidden> : null}
              {org?.name ?? 'Organization'}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {orgs.length > 1 ? <Menu.Label>Organizations</Menu.Label> : null}
            {orgs.length > 1
              ? orgs.map((o) => (
                  <Menu.Item key={o.ID} onClick={() => portal.selectOrg(o.ID)} aria-current={o.ID === org?.ID ? 'true' : undefined}>
                    {o.name}
                  </Menu.Item>
                ))
              : null}
            <Menu.Item onClick={() => orgItem('about')} c={isOrgAdmin ? undefined : 'dimmed'}>
              About
            </Menu.Item>
            <Menu.Item onClick={() => orgItem('add-user')} c={isOrgAdmin ? undefined : 'dimmed'}>
              Add User
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {agents.length > 0 ? (
          <Select
            aria-label="Agent"
            size="xs"
            w={240}
            allowDeselect={false}
            value={current?.agentId ?? null}
            data={agents.map((a) => ({ value: a.ID, label: shortAgentName(a.title) }))}
            onChange={(id) => {
              const agent = agents.find((a) => a.ID === id);
              if (!agent) return;
              const to = clientAgentSwitchPath({ region, client: access, agent, currentSection: current?.subpath.split('/')[0] });
              if (to) navigate(to);
            }}
          />
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {hasVerifiedSendingDomain(agency) && client ? (
          <Button size="xs" variant="light" onClick={() => setDrawer('feedback')}>
            Send Feedback
          </Button>
        ) : null}
        <Button size="xs" variant="default" onClick={allowBilling ? () => setBillingOpen(true) : undefined}>
          <VisuallyHidden>Credits: </VisuallyHidden>
          {formatCredits(org?.loadTokens)} credits
        </Button>
        <ActionIcon variant="subtle" onClick={toggleColorScheme} aria-label={colorScheme === 'dark' ? 'Light mode' : 'Dark mode'}>
          {colorScheme === 'dark' ? <IconSun /> : <IconMoon />}
        </ActionIcon>
        <ClientNotifications />
        {client ? <Switch size="sm" label={online ? 'Online' : 'Offline'} checked={online} onChange={(e) => void toggleStatus(e.currentTarget.checked)} aria-label="Online status" /> : null}
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" radius="xl" size="lg" aria-label="Profile menu">
              <Avatar src={client?.squarePhotoURL || null} size={30} radius="xl" alt="">
                {(client?.name || client?.email || portal.user.email || '?').slice(0, 1).toUpperCase()}
              </Avatar>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{client?.email ?? (isAdmin ? 'Agency admin' : portal.user.email)}</Menu.Label>
            <Menu.Item onClick={() => setDrawer('account')}>Account</Menu.Item>
            <Menu.Item color="red" onClick={() => void signOut()}>
              Log Out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <FeedbackDrawer opened={drawer === 'feedback'} onClose={close} />
      <AccountDrawer opened={drawer === 'account'} onClose={close} />
      {allowBilling ? <ClientBillingModal opened={billingOpen} onClose={() => setBillingOpen(false)} /> : null}
      {org && panels.About ? panels.About({ opened: drawer === 'about', onClose: close, orgId: org.ID, region, rootAdmin: isAdmin }) : null}
      {org && panels.AddUser ? panels.AddUser({ opened: drawer === 'add-user', onClose: close, orgId: org.ID, region, rootAdmin: isAdmin }) : null}
    </Group>
  );
}
