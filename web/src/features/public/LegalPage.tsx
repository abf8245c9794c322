// /legal/{page}: about, terms, refund, cookies, contact, GDPR, privacy.
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router-dom';
import { PublicLayout } from '../../ui/PublicLayout';
import { LEGAL_CONTENT } from './legal-content';

export default function LegalPage() {
  const { page = '' } = useParams();
  const content = LEGAL_CONTENT[page];
  if (!content) return <Navigate to="/404" replace />;
  return (
    <PublicLayout>
      <Container size="md" py={48}>
        <Stack gap="md">
          <Title order={1}>{content.title}</Title>
          <Text size="sm" c="dimmed">
            Last updated {content.updated}
          </Text>
          {content.sections.map((s) => (
            <Stack key={s.heading} gap={4}>
              <Title order={2} size="h4">
                {s.heading}
              </Title>
              {s.paragraphs.map((p) => (
                <Text key={p.slice(0, 32)}>{p}</Text>
              ))}
            </Stack>
          ))}
          <Text size="sm">
            Questions? Write to <Anchor href="mailto:support@parley.dev">support@parley.dev</Anchor>.
          </Text>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
