import { Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../ui/PublicLayout';
import { FeatureGrid } from './FeatureGrid';

const FEATURES = [
  { title: 'Agents that know your business', body: 'Train an agent on your website, documents and FAQs. It answers in your customers’ language, day and night.' },
  { title: 'Everywhere your customers are', body: 'Deploy the same agent on your website widget, WhatsApp, Messenger, Instagram, Telegram, Discord and the phone.' },
  { title: 'Voice agents', body: 'Give your agent a voice: it answers calls, books appointments and hands over to a human when needed.' },
  { title: 'Human handoff and inbox', body: 'Every conversation lands in one inbox. Take over a chat at any moment; leads are captured automatically.' },
  { title: 'White label for agencies', body: 'Resell Parley under your own brand, domain and prices. Your clients get their own dashboard.' },
  { title: 'Two data regions', body: 'Keep your data in Europe or North America. Each region has its own separate database.' },
];

export default function LandingPage() {
  return (
    <PublicLayout>
      <Container size="lg" py={64}>
        <Stack align="center" gap="md" ta="center">
          <Badge variant="light" size="lg">
            AI chat and voice agents
          </Badge>
          <Title order={1} fz={{ base: 34, sm: 48 }} maw={820}>
            Build AI agents that talk to your customers on every channel
          </Title>
          <Text size="lg" c="dimmed" maw={640}>
            Parley lets you build chat and voice agents, give them your knowledge, embed them on your website and connect them to WhatsApp,
            Messenger, Instagram, Telegram, Discord and phone numbers — under your own brand if you are an agency.
          </Text>
          <Group>
            <Button size="md" component={Link} to="/signup">
              Start free
            </Button>
            <Button size="md" variant="default" component={Link} to="/pricing">
              See pricing
            </Button>
          </Group>
        </Stack>
        <FeatureGrid features={FEATURES} mt={64} radius="md" />
      </Container>
    </PublicLayout>
  );
}
