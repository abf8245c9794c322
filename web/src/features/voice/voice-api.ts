// The Voice tab's calls: the agent's voice settings (read and saved; saving syncs the assistant at the voice
// provider) and the "Call me" test call.
import { voiceApi, type CallableInput } from '@parley/core';
import { callFunction } from '../../lib/functions';


export function saveVoiceConfig(input: CallableInput<typeof voiceApi.saveVoiceConfig>) {
  return callFunction(voiceApi.saveVoiceConfig, input);
}

export function startTestCall(input: CallableInput<typeof voiceApi.startTestCall>) {
  return callFunction(voiceApi.startTestCall, input);
}

export function listPhoneNumbers(input: CallableInput<typeof voiceApi.listPhoneNumbers>) {
  return callFunction(voiceApi.listPhoneNumbers, input);
}

export function searchPhoneNumbers(input: CallableInput<typeof voiceApi.searchPhoneNumbers>) {
  return callFunction(voiceApi.searchPhoneNumbers, input);
}

export function buyPhoneNumber(input: CallableInput<typeof voiceApi.buyPhoneNumber>) {
  return callFunction(voiceApi.buyPhoneNumber, input);
}

export function importTwilioNumber(input: CallableInput<typeof voiceApi.importTwilioNumber>) {
  return callFunction(voiceApi.importTwilioNumber, input);
}

export function assignPhoneNumber(input: CallableInput<typeof voiceApi.assignPhoneNumber>) {
  return callFunction(voiceApi.assignPhoneNumber, input);
}

export function releasePhoneNumber(input: CallableInput<typeof voiceApi.releasePhoneNumber>) {
  return callFunction(voiceApi.releasePhoneNumber, input);
}
