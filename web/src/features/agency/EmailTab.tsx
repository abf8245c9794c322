// Email: the agency's sending domain. Added → not_started (the owner adds the records) → Verify DNS Records →
// pending → verified; failure and temporary_failure are shown as the provider reports them. While the status
// is neither verified nor not_started and an id exists, the provider is asked every 5 s. Delete (confirmed)
// resets domain, id and records. The records can be e-mailed to whoever manages the DNS.
import { Badge, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { agencyApi, EMAIL_DOMAIN_POLL_MS, validateEmailDomain, type DnsRecord, type EmailDomainStatus, type Region } from '@parley/core';
import { useQuery } from '@tanstack/react-query';
import type { User } from 'firebase/auth';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { toast, useBusyAction } from '../../lib/use-busy-action';
import { useFieldForm } from '../../lib/use-field-form';
import { addEmailDomain, deleteEmailDomain, getEmailDomain, sendDnsInstructions, verifyEmailDomain, type AgencyRecord } from './agency-api';
import { DnsRecordsTable } from './DnsRecordsTable';

const M = agencyApi.AGENCY_API_MESSAGES;

const STATUS_COLOR: Record<EmailDomainStatus, string> = { not_started: 'gray', pending: 'yellow', verified: 'green', failure: 'red', temporary_failure: 'orange' };

/** Polling runs while the provider is still checking: not verified, not before Verify, and with an id. */
export const shouldPollEmailDomain = (status: EmailDomainStatus, id: string | undefined): boolean => Boolean(id) && status !== 'verified' && status !== 'not_started';

export function readRecords(json: string | undefined): DnsRecord[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? (value as DnsRecord[]) : [];
  } catch {
    return [];
  }
}

interface Props {
  agency: AgencyRecord;
  region: Region;
  user: User;
}

function AddDomainForm({ agency, region, user }: Props) {
  const form = useFieldForm('', {
    validate: validateEmailDomain,
    save: async (value) => {
      await addEmailDomain(user, region, agency.ID, value.trim().toLowerCase());
      form.setValue('');
    },
    failure: (err) => (err instanceof ApiError && err.status < 500 && err.message ? err.message : errorMessage(err, M.saveFailed)),
  });
  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate aria-label="Sending domain form">
      <Group align="start" gap="xs">
        <TextInput style={{ flex: 1 }} label="Sending domain" description="A root domain you own, e.g. youragency.com" placeholder="youragency.com"
          value={form.value} error={form.error ?? undefined} onChange={(e) => form.change(e.currentTarget.value)} />
        <Button type="submit" mt={42} loading={form.busy}>
          Add domain
        </Button>
      </Group>
    </form>
  );
}

function SendInstructions({ agency, region, user }: Props) {
  // The platform mails only the owner's own verified address: the field starts with it.
  const [to, setTo] = useState(user.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to.trim())) return setError(M.dnsEmailInvalid);
    setError(null);
    setBusy(true);
    try {
      const answer = await sendDnsInstructions(user, region, agency.ID, to.trim());
      toast(answer.message || M.dnsEmailSent, 'green');
    } catch (err) {
      toast(err instanceof ApiError && err.message ? err.message : M.dnsEmailError, 'red');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Send DNS instructions">
      <Group align="start" gap="xs">
        <TextInput style={{ flex: 1 }} label="Send the DNS instructions to" placeholder="you@youragency.com" value={to} error={error ?? undefined}
          description="Only to your own verified e-mail address; forward them to whoever runs your DNS."
          onChange={(e) => setTo(e.currentTarget.value)} />
        <Button type="submit" variant="default" mt={42} loading={busy}>
          Send DNS instructions
        </Button>
      </Group>
    </form>
  );
}

export function EmailTab(props: Props) {
  const { agency, region, user } = props;
  const id = agency.resendEmailDomainId;
  const storedStatus = agency.resendEmailDomainStatus;
  const [confirm, setConfirm] = useState(false);
  const { busy, run } = useBusyAction<'verify' | 'delete'>();

  // The server stores each change of status on the agency, and the page's copy of it is live.
  const poll = useQuery({
    queryKey: ['agency-email-domain', region, agency.ID, id],
    queryFn: async () => (await getEmailDomain(user, region, agency.ID, id!)).data,
    enabled: shouldPollEmailDomain(storedStatus, id),
    refetchInterval: (q) => (q.state.data && !shouldPollEmailDomain(q.state.data.status, id) ? false : EMAIL_DOMAIN_POLL_MS),
  });
  const status = (poll.data?.status ?? storedStatus) as EmailDomainStatus;
  const records = poll.data?.records ?? readRecords(agency.resendEmailDomainRecords_JSON_STRING);

  const verify = () =>
    run('verify', async () => {
      await verifyEmailDomain(user, region, agency.ID, id!);
      toast(M.verificationPending, 'yellow');
    }, M.saveFailed);
  const remove = async () => {
    await run('delete', async () => {
      await deleteEmailDomain(user, region, agency.ID, id!);
      toast(M.domainDeleted, 'green');
    }, M.saveFailed);
    setConfirm(false);
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            E-mail sending domain
          </Title>
          <Text size="xs" c="dimmed">
            Once verified, every e-mail to your clients (login codes, notifications, feedback) is sent from this domain under your agency’s name.
          </Text>
          {agency.resendEmailDomain && id ? (
            <Stack gap="xs">
              <Group gap="xs">
                <Text fw={600}>{agency.resendEmailDomain}</Text>
                <Badge color={STATUS_COLOR[status]} variant="light" aria-label="Sending domain status">
                  {status}
                </Badge>
              </Group>
              <DnsRecordsTable records={records} label="Sending domain DNS records" />
              <Group gap="xs">
                {status !== 'verified' && (
                  <Button size="xs" onClick={() => void verify()} loading={busy === 'verify'} disabled={status === 'pending'}>
                    Verify DNS Records
                  </Button>
                )}
                <Button size="xs" color="red" variant="light" onClick={() => setConfirm(true)}>
                  Delete domain
                </Button>
              </Group>
            </Stack>
          ) : (
            <AddDomainForm {...props} />
          )}
        </Stack>
      </Card>
      {agency.resendEmailDomain && id && status !== 'verified' && (
        <Card withBorder padding="md">
          <SendInstructions {...props} />
        </Card>
      )}
      <Modal opened={confirm} onClose={() => setConfirm(false)} title="Delete the sending domain?">
        <Stack>
          <Text size="sm">E-mails to your clients go out from our default address again until you add a domain.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>
              Keep it
            </Button>
            <Button color="red" loading={busy === 'delete'} onClick={() => void remove()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
