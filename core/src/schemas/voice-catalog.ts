// The voice library: the voices an agent may speak with (the provider's own ids), with what the library filters on
// and a short sample. Samples are served beside the app at VOICE_SAMPLE_PATH (locally by the voice stand-in). Minutes
// are priced in the usage catalogue (VOICE_CREDITS_PER_MINUTE, constants/usage.ts).
import { z } from 'zod';

export const VOICE_GENDERS = ['female', 'male'] as const;

export const voiceCatalogEntrySchema = z.object({
  /** The provider's voice id (speechGen.voiceId). */
  id: z.string(),
  name: z.string(),
  /** The speech provider (speechGen.provider). */
  provider: z.string(),
  /** BCP 47, e.g. en-US. */
  language: z.string(),
  gender: z.enum(VOICE_GENDERS),
  sampleUrl: z.string(),
});
export type VoiceCatalogEntry = z.infer<typeof voiceCatalogEntrySchema>;

/** Where a voice's sample is served: /voice/sounds/{provider}-{id}.mp3. */
export const voiceSampleUrl = (provider: string, id: string): string => `/voice/sounds/${provider}-${id}.mp3`;

const voice = (provider: string, id: string, name: string, language: string, gender: VoiceCatalogEntry['gender']): VoiceCatalogEntry => ({ id, name, provider, language, gender, sampleUrl: voiceSampleUrl(provider, id) });

export const VOICE_CATALOG: readonly VoiceCatalogEntry[] = [
  voice('deepgram', 'asteria', 'Asteria', 'en-US', 'female'),
  voice('deepgram', 'luna', 'Luna', 'en-US', 'female'),
  voice('deepgram', 'athena', 'Athena', 'en-GB', 'female'),
  voice('deepgram', 'orion', 'Orion', 'en-US', 'male'),
  voice('deepgram', 'arcas', 'Arcas', 'en-US', 'male'),
  voice('deepgram', 'helios', 'Helios', 'en-GB', 'male'),
  voice('azure', 'es-ES-ElviraNeural', 'Elvira', 'es-ES', 'female'),
  voice('azure', 'de-DE-ConradNeural', 'Conrad', 'de-DE', 'male'),
  voice('azure', 'fr-FR-DeniseNeural', 'Denise', 'fr-FR', 'female'),
];

export interface VoiceCatalogFilter {
  provider?: string | null;
  language?: string | null;
  gender?: string | null;
}

/** The voices matching every filter given (an empty filter keeps all). */
export const filterVoiceCatalog = (filter: VoiceCatalogFilter, catalog: readonly VoiceCatalogEntry[] = VOICE_CATALOG): VoiceCatalogEntry[] =>
  catalog.filter((v) => (!filter.provider || v.provider === filter.provider) && (!filter.language || v.language === filter.language) && (!filter.gender || v.gender === filter.gender));
