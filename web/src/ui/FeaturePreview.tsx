// A page whose feature arrives later: it says what it will hold instead of being a dead end.
import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FeaturePreviewProps {
  title: string;
  description: string;
  /** What the page will hold. */
  items: readonly string[];
  children?: ReactNode;
}

export function FeaturePreview({ title, description, items, children }: FeaturePreviewProps) {
  return (
    <Stack gap="md" p="md" maw={760}>
      <Group gap="sm">
        <Title order={2}>{title}</Title>
        <Badge variant="light">Coming soon</Badge>
      </Group>
      <Text>{description}</Text>
      <Card withBorder padding="lg" radius="md">
        <Text fw={600} mb="xs">
          What you will find here
        </Text>
        <List spacing={4}>
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Card>
      {children}
    </Stack>
  );
}
