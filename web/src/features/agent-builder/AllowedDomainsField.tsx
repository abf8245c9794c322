// Settings → Security: the websites this agent's widget may run on. Empty: any website. Entries are stored as
// core normalises them (shop.example, *.example.com, localhost:3000); the server refuses the widget elsewhere.
import { TagsInput } from '@mantine/core';
import { ALLOWED_DOMAINS_MAX, normalizeAllowedDomain, USAGE_MESSAGES } from '@parley/core';
import { useState } from 'react';

export function AllowedDomainsField({ value, onChange }: { value: readonly string[]; onChange: (domains: string[]) => void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <TagsInput
      label="Allowed domains"
      description="Websites where this widget may run, e.g. shop.example or *.example.com (the domain and its subdomains). Leave empty to allow any website."
      placeholder="shop.example"
      value={[...value]}
      maxTags={ALLOWED_DOMAINS_MAX}
      splitChars={[',', ' ']}
      clearable
      error={error}
      onChange={(entries) => {
        const normalized = entries.map((entry) => normalizeAllowedDomain(entry));
        const invalid = entries.find((_, i) => normalized[i] === null);
        setError(invalid === undefined ? null : `${invalid}: ${USAGE_MESSAGES.allowedDomainInvalid}`);
        onChange([...new Set(normalized.filter((entry): entry is string => entry !== null))]);
      }}
    />
  );
}
