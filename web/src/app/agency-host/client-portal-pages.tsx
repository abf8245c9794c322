// The client portal's pages on an agency host (the client login at the root, the client dashboard under
// /app/{region}/…). Until the client-portal feature exports them, a branded placeholder stands in.
import { Card, Stack, Text, Title } from '@mantine/core';
import { AgencyBrand } from './AgencyHostFrame';

function Placeholder({ title, text }: { title: string; text: string }) {
  return (
    <Stack align="center" p="xl">
      <Card className="agency-card" padding="xl" maw={420} w="100%">
        <Stack gap="sm" align="center" ta="center">
          <AgencyBrand size={56} />
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text c="dimmed">{text}</Text>
        </Stack>
      </Card>
    </Stack>
  );
}

export function ClientLoginPage() {
  return <Placeholder title="Sign in" text="Client sign-in opens here soon." />;
}

export function ClientDashboardPage() {
  return <Placeholder title="Dashboard" text="Your dashboard opens here soon." />;
}
