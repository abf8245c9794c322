// Product pages of the public site: one template; each page's copy is in marketing-pages.json, by its path.
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../ui/PublicLayout';
import { FeatureGrid, type Feature } from './FeatureGrid';
import MARKETING_PAGES from './marketing-pages.json';

interface MarketingContent {
  title: string;
  lead: string;
  points: Feature[];
  cta?: { label: string; to: string };
}

export type MarketingPageKey = keyof typeof MARKETING_PAGES;

const PAGES: Record<MarketingPageKey, MarketingContent> = MARKETING_PAGES;

export function MarketingPage({ page }: { page: MarketingPageKey }) {
  const { title, lead, points, cta = { label: 'Start free', to: '/signup' } } = PAGES[page];
  return (
    <PublicLayout>
      <Container size="lg" py={56}>
        <Stack gap="md" maw={760}>
          <Title order={1}>{title}</Title>
          <Text size="lg" c="dimmed">
            {lead}
          </Text>
          <Group>
            <Button component={Link} to={cta.to}>
              {cta.label}
            </Button>
            <Button component={Link} to="/pricing" variant="default">
              Pricing
            </Button>
          </Group>
        </Stack>
        <FeatureGrid features={points} mt={48} />
      </Container>
    </PublicLayout>
  );
}
