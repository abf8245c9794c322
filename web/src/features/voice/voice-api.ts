// The Voice tab's calls: the agent's voice settings (read and saved; saving syncs the assistant at the voice
// provider), the "Call me" test call, the browser call, and the workspace's phone numbers. Each passes its input through as is.
import { voiceApi } from '@parley/core';
import { callable } from '../../lib/functions';

export const saveVoiceConfig = callable(voiceApi.saveVoiceConfig);
export const startTestCall = callable(voiceApi.startTestCall);
export const startWebCall = callable(voiceApi.startWebCall);
export const listPhoneNumbers = callable(voiceApi.listPhoneNumbers);
export const searchPhoneNumbers = callable(voiceApi.searchPhoneNumbers);
export const buyPhoneNumber = callable(voiceApi.buyPhoneNumber);
export const importTwilioNumber = callable(voiceApi.importTwilioNumber);
export const assignPhoneNumber = callable(voiceApi.assignPhoneNumber);
export const releasePhoneNumber = callable(voiceApi.releasePhoneNumber);
