// Domains: the agency's subdomain of the platform's root domain, and its own custom domain (needs custom
// branding: otherwise the upsell and the 14-day white-label trial). Each: entered → submitted → DNS records →
// Verify → verified; Cancel clears it. Messages and toasts are core's agency texts, word for word.
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  agencyApi, brandingUpsell, routes, TOAST_MS, validateCustomDomain, validateSubdomain, WHITELABEL_TRIAL_DAYS, type DnsRecord, type Region,
} from '@parley/core';
import type { User } from 'firebase/auth';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, errorMessage } from '../../lib/api';
import { cancelDomain, claimDomain, verifyDomain, type AgencyAccess, type AgencyRecord, type DomainType } from './agency-api';
import { DnsRecordsTable } from './DnsRecordsTable';
import { TrialButton } from './TrialBanner';

const M = agencyApi.AGENCY_API_MESSAGES;
const toast = (message: string, color: 'green' | 'red' | 'yellow') => notifications.show({ message, color, autoClose: color === 'red' ? TOAST_MS.long : TOAST_MS.medium });

interface DomainFormProps {
  type: DomainType;
  agency: AgencyRecord;
  region: Region;
  user: User;
  onChanged: () => Promise<unknown>;
}

function DomainForm({ type, agency, region, user, onChanged }: DomainFormProps) {
  const current = type === 'subdomain' ? agency.VGsubDomain : agency.customDomain;
  const verified = type === 'subdomain' ? agency.isVerifiedSubDomain : agency.isVerifiedCustomDomain;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [records, setRecords] = useState<DnsRecord[]>([]);
  const [busy, setBusy] = useState<'claim' | 'verify' | 'cancel' | null>(null);
  const label = type === 'subdomain' ? 'Subdomain' : 'Custom domain';
  const failed = type === 'subdomain' ? M.subdomainFailed : M.customDomainFailed;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = type === 'subdomain' ? validateSubdomain(value) : validateCustomDomain(value);
    setError(problem);
    if (problem) return;
    setBusy('claim');
    try {
      const answer = await claimDomain(user, region, agency.ID, value, type);
      setRecords(answer.data.verification);
      setValue('');
      toast(answer.data.isVerified ? M.verificationSuccessful : M.verificationPending, answer.data.isVerified ? 'green' : 'yellow');
      await onChanged();
    } catch (err) {
      // The server's sentences (taken, on another account, needs a subdomain) are shown at the field.
      const message = err instanceof ApiError && err.status < 500 && err.message ? err.message : failed;
      setError(message);
      toast(message, 'red');
    } finally {
      setBusy(null);
    }
  }

  async function verify() {
    if (!current) return;
    setBusy('verify');
    try {
      const answer = await verifyDomain(user, region, agency.ID, current, type);
      setRecords(answer.verification);
      toast(answer.isVerified ? M.verificationSuccessful : M.verificationPending, answer.isVerified ? 'green' : 'yellow');
      await onChanged();
    } catch (err) {
      toast(errorMessage(err, failed), 'red');
    } finally {
      setBusy(null);
    }
  }

  async function cancel() {
    if (!current) return;
    setBusy('cancel');
    try {
      await cancelDomain(user, region, agency.ID, current);
      setRecords([]);
      toast(M.domainDeleted, 'green');
      await onChanged();
    } catch (err) {
      toast(errorMessage(err, failed), 'red');
    } finally {
      setBusy(null);
    }
  }

  const shownRecords = records.length ? records : !verified && agency.customDomainConfig && type === 'custom' ? [agency.customDomainConfig as DnsRecord] : records;

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {label}
          </Title>
          {current && (
            <Badge color={verified ? 'green' : 'yellow'} variant="light">
              {verified ? 'Verified' : 'Pending verification'}
            </Badge>
          )}
        </Group>
        {current ? (
          <Stack gap="xs">
            <Text size="sm" aria-label={`${label} value`}>
              {current}
            </Text>
            {!verified && <DnsRecordsTable records={shownRecords} label={`${label} DNS records`} />}
            {!verified && type === 'subdomain' && shownRecords.length === 0 && (
              <Text size="xs" c="dimmed">Subdomains of our domain need no DNS records: press Verify.</Text>
            )}
            <Group gap="xs">
              {!verified && (
                <Button size="xs" onClick={() => void verify()} loading={busy === 'verify'} aria-label={`Verify ${label.toLowerCase()}`}>
                  Verify
                </Button>
              )}
              <Button size="xs" variant="default" color="red" onClick={() => void cancel()} loading={busy === 'cancel'} aria-label={`Cancel ${label.toLowerCase()}`}>
                Cancel
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate aria-label={`${label} form`}>
            <Group align="start" gap="xs">
              <TextInput
                style={{ flex: 1 }}
                label={label}
                placeholder={type === 'subdomain' ? 'acme' : 'app.youragency.com'}
                description={type === 'subdomain' ? 'Lower-case letters, digits and dashes; our root domain is added for you.' : 'A subdomain of a domain you own, e.g. app.youragency.com'}
                value={value}
                error={error ?? undefined}
                onChange={(e) => {
                  setValue(e.currentTarget.value);
                  setError(null);
                }}
              />
              <Button type="submit" mt={type === 'subdomain' ? 42 : 42} loading={busy === 'claim'}>
                {type === 'subdomain' ? 'Save subdomain' : 'Save custom domain'}
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Card>
  );
}

export function BrandingUpsell({ access, region }: { access: AgencyAccess; region: Region }) {
  const upsell = brandingUpsell(access);
  if (!upsell) return null;
  return (
    <Alert variant="light" color="grape" title="Custom domains need custom branding">
      <Stack gap="xs">
        <Text size="sm">Serve your dashboard on your own domain with the whitelabel addon.</Text>
        <Group gap="xs">
          <Button component={Link} to={routes.billing(region)} size="xs">
            {upsell.label}
          </Button>
          {access.trial.available && <TrialButton region={region} label={`Start ${WHITELABEL_TRIAL_DAYS}-day free trial`} />}
        </Group>
      </Stack>
    </Alert>
  );
}

export function DomainsTab(props: { agency: AgencyRecord; region: Region; user: User; access: AgencyAccess | undefined; onChanged: () => Promise<unknown> }) {
  const canCustom = props.access?.canAccessCustomBranding ?? false;
  return (
    <Stack gap="md">
      <DomainForm type="subdomain" {...props} />
      {canCustom || props.agency.customDomain ? (
        <DomainForm type="custom" {...props} />
      ) : props.access ? (
        <BrandingUpsell access={props.access} region={props.region} />
      ) : null}
    </Stack>
  );
}
