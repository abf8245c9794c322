// Product pages of the public site: one template, real content per page.
import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../ui/PublicLayout';

interface MarketingContent {
  title: string;
  lead: string;
  points: { title: string; body: string }[];
  cta?: { label: string; to: string };
}

function MarketingTemplate({ title, lead, points, cta = { label: 'Start free', to: '/signup' } }: MarketingContent) {
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
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt={48} spacing="lg">
          {points.map((p) => (
            <Card key={p.title} withBorder padding="lg">
              <Title order={2} size="h4" mb={6}>
                {p.title}
              </Title>
              <Text size="sm" c="dimmed">
                {p.body}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </PublicLayout>
  );
}

export function IntegrationsPage() {
  return (
    <MarketingTemplate
      title="Integrations"
      lead="Connect your agents to the channels and tools your business already uses."
      points={[
        { title: 'Website widget', body: 'One script tag puts a branded chat widget on any website.' },
        { title: 'WhatsApp, Messenger, Instagram', body: 'Answer customers on Meta’s messaging apps with the same agent.' },
        { title: 'Telegram and Discord', body: 'Run your agent as a bot in your community.' },
        { title: 'Phone numbers', body: 'Voice agents answer and place calls on your numbers.' },
        { title: 'Functions and webhooks', body: 'Let the agent call your APIs and send events to your systems.' },
        { title: 'REST API', body: 'Manage workspaces and agents programmatically with your workspace secret.' },
      ]}
    />
  );
}

export function VoiceAgentPage() {
  return (
    <MarketingTemplate
      title="AI voice agents"
      lead="Agents that answer the phone, talk naturally and hand over to your team when needed."
      points={[
        { title: 'Natural voices', body: 'Choose from a voice library and tune speech generation.' },
        { title: 'Accurate transcription', body: 'Real-time speech recognition in many languages.' },
        { title: 'Phone numbers', body: 'Connect numbers and run several calls at once.' },
      ]}
    />
  );
}

export function ChatbotPage() {
  return (
    <MarketingTemplate
      title="AI chatbot for your website"
      lead="A chat widget that answers from your own knowledge base and captures leads."
      points={[
        { title: 'Trained on your content', body: 'Add web pages, files and text; the agent answers from them.' },
        { title: 'Your brand', body: 'Colours, fonts, avatar and custom CSS.' },
        { title: 'Leads and handoff', body: 'Collect contact details and take over any conversation.' },
      ]}
    />
  );
}

export function WhatsAppPage() {
  return (
    <MarketingTemplate
      title="AI agents on WhatsApp"
      lead="Answer customers on WhatsApp Business around the clock."
      points={[
        { title: 'Embedded signup', body: 'Connect your WhatsApp Business number in a few clicks.' },
        { title: 'Templates', body: 'Send approved message templates for notifications.' },
        { title: 'One inbox', body: 'WhatsApp chats appear next to your website conversations.' },
      ]}
    />
  );
}

export function DemoPage() {
  return (
    <MarketingTemplate
      title="Book a demo"
      lead="See how Parley can answer your customers. We will build a first agent with you on the call."
      points={[
        { title: '30 minutes', body: 'A walkthrough of agents, channels and the white-label dashboard.' },
        { title: 'Your use case', body: 'Bring your website or documents; we train an agent live.' },
        { title: 'Agencies', body: 'Learn how to resell Parley under your own brand.' },
      ]}
      cta={{ label: 'Contact us', to: '/legal/contact' }}
    />
  );
}

export function SharePage() {
  return (
    <MarketingTemplate
      title="Shared agent"
      lead="This is a shared agent page. If the link is complete, the agent’s chat opens here; otherwise ask the sender for a full link."
      points={[
        { title: 'Try the agent', body: 'Shared links open the agent’s chat without signing in.' },
        { title: 'Build your own', body: 'Create a free account to build an agent like this one.' },
      ]}
    />
  );
}
