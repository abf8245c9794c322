// The optional Create Template form: name (lower case, underscores for spaces, as typed), language, category and
// body; anything that does not fit the template schema is "Invalid template info".
import { Button, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { channelsApi, normalizeTemplateName, parseWhatsappTemplate, WHATSAPP_TEMPLATE_CATEGORIES, WHATSAPP_TEMPLATE_CATEGORY_DEFAULT, WHATSAPP_TEMPLATE_LANGUAGE_DEFAULT, WHATSAPP_TEMPLATE_LANGUAGES, type Region, type WhatsappTemplate } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { callFunction } from '../../lib/functions';
import { toast } from './toast';

export function WhatsappTemplateForm({ region, agentId, wabaId }: { region: Region; agentId: string; wabaId: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<string>(WHATSAPP_TEMPLATE_LANGUAGE_DEFAULT);
  const [category, setCategory] = useState<string>(WHATSAPP_TEMPLATE_CATEGORY_DEFAULT);
  const [bodyText, setBodyText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (template: WhatsappTemplate) => callFunction(channelsApi.createWhatsappTemplate, { region, agentId, wabaId, ...template }),
    onSuccess: (result) => {
      toast(result.message, result.ok);
      if (result.ok) {
        setName('');
        setBodyText('');
        setOpen(false);
      }
    },
    onError: (e: Error) => toast(channelsApi.META_TEXTS.waErrorOccurred(errorMessage(e)), false),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseWhatsappTemplate({ name: normalizeTemplateName(name), language, category, bodyText: bodyText.trim() });
    setError(parsed.ok ? null : parsed.error);
    if (parsed.ok) create.mutate(parsed.template);
  }

  return (
    <Stack gap="xs">
      <Button variant="subtle" w="fit-content" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        Create Template
      </Button>
      {open ? (
        <form onSubmit={submit} noValidate aria-label="Create Template">
          <Stack gap="xs">
            <TextInput
              label="Template name"
              description="Lower case, with underscores instead of spaces."
              value={name}
              onChange={(e) => setName(e.currentTarget.value.toLowerCase().replace(/ /g, '_'))}
            />
            <Select label="Language" data={[...WHATSAPP_TEMPLATE_LANGUAGES]} value={language} onChange={(v) => setLanguage(v ?? WHATSAPP_TEMPLATE_LANGUAGE_DEFAULT)} allowDeselect={false} />
            <Select label="Category" data={[...WHATSAPP_TEMPLATE_CATEGORIES]} value={category} onChange={(v) => setCategory(v ?? WHATSAPP_TEMPLATE_CATEGORY_DEFAULT)} allowDeselect={false} />
            <Textarea label="Body text" rows={3} value={bodyText} onChange={(e) => setBodyText(e.currentTarget.value)} />
            {error ? (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            ) : null}
            <Button type="submit" size="xs" w="fit-content" loading={create.isPending}>
              Create
            </Button>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
