// The public pages' grid of feature cards (a title and a sentence each).
import { Card, SimpleGrid, Text, Title, type MantineRadius, type MantineSpacing } from '@mantine/core';

export interface Feature {
  title: string;
  body: string;
}

export function FeatureGrid({ features, mt, radius }: { features: readonly Feature[]; mt: MantineSpacing; radius?: MantineRadius }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt={mt} spacing="lg">
      {features.map((f) => (
        <Card key={f.title} withBorder padding="lg" radius={radius}>
          <Title order={2} size="h4" mb={6}>
            {f.title}
          </Title>
          <Text size="sm" c="dimmed">
            {f.body}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
