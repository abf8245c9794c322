// What each event type sends, with an example body, and how a receiver verifies a delivery (Standard Webhooks).
import { Accordion, Code, Stack, Text, Title } from '@mantine/core';
import { eventsApi } from '@parley/core';

const exampleBody = (type: string, payload: Record<string, unknown>) => JSON.stringify({ type, payload: { ...payload, createdAt: 1767225600000 } }, null, 2);

export const VERIFY_SNIPPET = `// npm install standardwebhooks
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.PARLEY_SIGNING_SECRET); // whsec_… (Credentials)

app.post('/parley-events', express.raw({ type: 'application/json' }), (req, res) => {
  try {
    // Checks webhook-id, webhook-timestamp (at most 5 minutes old) and webhook-signature
    // (v1,base64 HMAC-SHA256 of "id.timestamp.body") against the raw body.
    const event = wh.verify(req.body.toString('utf8'), req.headers);
    // event.type, event.payload … (a retry has the same webhook-id: ignore duplicates)
    res.sendStatus(200);
  } catch {
    res.sendStatus(400);
  }
});`;

export function EventTypesDoc() {
  return (
    <Stack gap="md">
      <Title order={2} size="h4">Event types</Title>
      <Accordion variant="separated" aria-label="Event types">
        {eventsApi.EVENT_TYPE_KEYS.map((type) => (
          <Accordion.Item key={type} value={type}>
            <Accordion.Control>{type}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" mb="xs">{eventsApi.EVENT_TYPES[type].description}</Text>
              <Code block>{exampleBody(type, eventsApi.EVENT_TYPES[type].example)}</Code>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Title order={2} size="h4">Verifying deliveries</Title>
      <Text size="sm">
        Every delivery carries the Standard Webhooks headers <Code>webhook-id</Code>, <Code>webhook-timestamp</Code> and{' '}
        <Code>webhook-signature</Code>, signed with your events signing secret (Credentials). A failed delivery is retried{' '}
        {eventsApi.EVENT_RETRY_DELAYS_SECONDS.length} times over about a day; the body never contains your workspace secret.
      </Text>
      <Code block aria-label="Verification snippet">{VERIFY_SNIPPET}</Code>
    </Stack>
  );
}
