// Domains: the agency's subdomain of the platform's root domain, and its own custom domain (needs custom
// branding: otherwise the upsell and the 14-day white-label trial). Each: entered → submitted → DNS records →
// Verify → verified; Cancel clears it. Messages and toasts are core's agency texts, word for word.
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  agencyApi, brandingUpsell, routes, validateCustomDomain, validateSubdomain, WHITELABEL_TRIAL_DAYS, type DnsRecord, type Region,
} from '@parley/core';
import type { User } from 'firebase/auth';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { toast, useBusyAction } from '../../lib/use-busy-action';
import { useFieldForm } from '../../lib/use-field-form';
import { cancelDomain, claimDomain, verifyDomain, type AgencyAccess, type AgencyRecord, type DomainType } from './agency-api';
import { DnsRecordsTable } from './DnsRecordsTable';
import { TrialButton } from './TrialBanner';

const M = agencyApi.AGENCY_API_MESSAGES;

interface DomainFormProps {
  type: DomainType;
  agency: AgencyRecord;
  region: Region;
  user: User;
}

function DomainForm({ type, agency, region, user }: DomainFormProps) {
  const current = type === 'subdomain' ? agency.VGsubDomain : agency.customDomain;
  const verified = type === 'subdomain' ? agency.isVerifiedSubDomain : agency.isVerifiedCustomDomain;
  const [records, setRecords] = useState<DnsRecord[]>([]);
  const label = type === 'subdomain' ? 'Subdomain' : 'Custom domain';
  const failed = type === 'subdomain' ? M.subdomainFailed : M.customDomainFailed;
  const { busy, run } = useBusyAction<'verify' | 'cancel'>();
  const showVerification = (answer: { verification: DnsRecord[]; isVerified: boolean }) => {
    setRecords(answer.verification);
    toast(answer.isVerified ? M.verificationSuccessful : M.verificationPending, answer.isVerified ? 'green' : 'yellow');
  };
  const form = useFieldForm('', {
    validate: type === 'subdomain' ? validateSubdomain : validateCustomDomain,
    save: async (value) => {
      showVerification((await claimDomain(user, region, agency.ID, value, type)).data);
      form.setValue('');
    },
    // The server's sentences (taken, on another account, needs a subdomain) are shown at the field.
    failure: (err) => {
      const message = err instanceof ApiError && err.status < 500 && err.message ? err.message : failed;
      toast(message, 'red');
      return message;
    },
  });

  const verify = () => run('verify', async () => showVerification(await verifyDomain(user, region, agency.ID, current!, type)), failed);
  const cancel = () =>
    run('cancel', async () => {
      await cancelDomain(user, region, agency.ID, current!);
      setRecords([]);
      toast(M.domainDeleted, 'green');
    }, failed);

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
          <form onSubmit={(e) => void form.submit(e)} noValidate aria-label={`${label} form`}>
            <Group align="start" gap="xs">
              <TextInput
                style={{ flex: 1 }}
                label={label}
                placeholder={type === 'subdomain' ? 'acme' : 'app.youragency.com'}
                description={type === 'subdomain' ? 'Lower-case letters, digits and dashes; our root domain is added for you.' : 'A subdomain of a domain you own, e.g. app.youragency.com'}
                value={form.value}
                error={form.error ?? undefined}
                onChange={(e) => form.change(e.currentTarget.value)}
              />
              <Button type="submit" mt={42} loading={form.busy}>
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

export function DomainsTab(props: { agency: AgencyRecord; region: Region; user: User; access: AgencyAccess | undefined }) {
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
