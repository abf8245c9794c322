import { describe, expect, it } from 'vitest';
import { VOICE_DEFAULTS } from '../constants/agent';
import { filterVoiceCatalog, VOICE_CATALOG, voiceCatalogEntrySchema } from './voice-catalog';

describe('voice catalogue', () => {
  it('holds the default voice, every entry valid, ids unique per provider, each with its sample', () => {
    expect(VOICE_CATALOG.some((v) => v.provider === VOICE_DEFAULTS.speechGenProvider && v.id === VOICE_DEFAULTS.voiceId)).toBe(true);
    for (const v of VOICE_CATALOG) {
      expect(voiceCatalogEntrySchema.parse(v)).toEqual(v);
      expect(v.sampleUrl).toBe(`/voice/sounds/${v.provider}-${v.id}.mp3`);
    }
    expect(new Set(VOICE_CATALOG.map((v) => `${v.provider}/${v.id}`)).size).toBe(VOICE_CATALOG.length);
  });

  it('filters by provider, language and gender together', () => {
    expect(filterVoiceCatalog({}).length).toBe(VOICE_CATALOG.length);
    expect(filterVoiceCatalog({ provider: 'deepgram', language: 'en-GB', gender: 'male' }).map((v) => v.id)).toEqual(['helios']);
    expect(filterVoiceCatalog({ provider: 'azure', gender: 'male' }).map((v) => v.name)).toEqual(['Conrad']);
  });
});
