// Voice → Voice library: core's voice catalogue filtered by provider, language and gender; each voice plays its short
// sample and can be chosen (it becomes the speech provider and voice id, saved with the page's Save).
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { filterVoiceCatalog, VOICE_CATALOG, VOICE_GENDERS } from '@parley/core';
import { useRef, useState } from 'react';
import { voiceSampleHref } from '../../lib/config';

const unique = (values: string[]) => [...new Set(values)].sort();
const PROVIDERS = unique(VOICE_CATALOG.map((v) => v.provider));
const LANGUAGES = unique(VOICE_CATALOG.map((v) => v.language));
const GENDER_LABELS: Record<(typeof VOICE_GENDERS)[number], string> = { female: 'Female', male: 'Male' };

export function VoiceLibrary(props: { chosen: { provider: string; voiceId: string }; onChoose(provider: string, voiceId: string): void }) {
  const [provider, setProvider] = useState<string | null>(null);
  const [language, setLanguage] = useState<string | null>(null);
  const [gender, setGender] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const playing = useRef<HTMLAudioElement | null>(null);
  const voices = filterVoiceCatalog({ provider, language, gender });
  const play = (url: string) => {
    playing.current?.pause();
    const audio = new Audio(url);
    playing.current = audio;
    setFailure(null);
    audio.play().catch(() => setFailure('The sample could not be played.'));
  };
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <Select label="Provider" placeholder="All providers" data={PROVIDERS} value={provider} onChange={setProvider} clearable />
        <Select label="Language" placeholder="All languages" data={LANGUAGES} value={language} onChange={setLanguage} clearable />
        <Select label="Gender" placeholder="All" data={VOICE_GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))} value={gender} onChange={setGender} clearable />
      </Group>
      {failure ? <Text c="red" role="alert">{failure}</Text> : null}
      <Stack gap="xs" role="list" aria-label="Voices">
        {voices.length === 0 ? <Text c="dimmed">No voice matches these filters.</Text> : null}
        {voices.map((v) => {
          const chosen = props.chosen.provider === v.provider && props.chosen.voiceId === v.id;
          return (
            <Group key={`${v.provider}/${v.id}`} justify="space-between" role="listitem" aria-label={v.name}>
              <Text>{v.name} · {GENDER_LABELS[v.gender]} · {v.language} · {v.provider}</Text>
              <Group gap="xs">
                <Button size="xs" variant="default" aria-label={`Play a sample of ${v.name}`} onClick={() => play(voiceSampleHref(v.sampleUrl))}>Play sample</Button>
                <Button size="xs" variant={chosen ? 'filled' : 'light'} aria-pressed={chosen} aria-label={`Choose the voice ${v.name}`} onClick={() => props.onChoose(v.provider, v.id)}>
                  {chosen ? 'Chosen' : 'Choose'}
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
