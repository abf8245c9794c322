// GET /api/translate — languages the widget can be set to (Settings → Language).
import { agentsApi } from '@parley/core';
import { defineEndpoint } from '../http/endpoint';

export const TRANSLATE_LANGUAGES: ReadonlyArray<{ language: string; name: string }> = [
  { language: 'ar', name: 'Arabic' }, { language: 'bg', name: 'Bulgarian' }, { language: 'bn', name: 'Bengali' },
  { language: 'ca', name: 'Catalan' }, { language: 'cs', name: 'Czech' }, { language: 'da', name: 'Danish' },
  { language: 'de', name: 'German' }, { language: 'el', name: 'Greek' }, { language: 'en', name: 'English' },
  { language: 'es', name: 'Spanish' }, { language: 'et', name: 'Estonian' }, { language: 'fa', name: 'Persian' },
  { language: 'fi', name: 'Finnish' }, { language: 'fr', name: 'French' }, { language: 'he', name: 'Hebrew' },
  { language: 'hi', name: 'Hindi' }, { language: 'hr', name: 'Croatian' }, { language: 'hu', name: 'Hungarian' },
  { language: 'id', name: 'Indonesian' }, { language: 'it', name: 'Italian' }, { language: 'ja', name: 'Japanese' },
  { language: 'ko', name: 'Korean' }, { language: 'lt', name: 'Lithuanian' }, { language: 'lv', name: 'Latvian' },
  { language: 'ms', name: 'Malay' }, { language: 'nl', name: 'Dutch' }, { language: 'no', name: 'Norwegian' },
  { language: 'pl', name: 'Polish' }, { language: 'pt', name: 'Portuguese' }, { language: 'ro', name: 'Romanian' },
  { language: 'ru', name: 'Russian' }, { language: 'sk', name: 'Slovak' }, { language: 'sl', name: 'Slovenian' },
  { language: 'sr', name: 'Serbian' }, { language: 'sv', name: 'Swedish' }, { language: 'sw', name: 'Swahili' },
  { language: 'ta', name: 'Tamil' }, { language: 'th', name: 'Thai' }, { language: 'tl', name: 'Filipino' },
  { language: 'tr', name: 'Turkish' }, { language: 'uk', name: 'Ukrainian' }, { language: 'ur', name: 'Urdu' },
  { language: 'vi', name: 'Vietnamese' }, { language: 'zh', name: 'Chinese (Simplified)' },
  { language: 'zh-TW', name: 'Chinese (Traditional)' },
];

export const translateEndpoint = defineEndpoint(agentsApi.listLanguages, async () => ({
  body: { success: true, languages: [...TRANSLATE_LANGUAGES] },
  headers: { 'cache-control': 'public, max-age=86400' },
}));
