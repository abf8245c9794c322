// What visitors read when the runtime cannot answer normally.
import { ACCESS_MESSAGES } from '@parley/core';

export { STOP_MESSAGE } from '../../credits';
export const FAILURE_MESSAGE = "Sorry, I couldn't answer just now. Please try again in a moment.";
export const NO_DIALOGUE_KEY = 'Please provide your dialogue API key and try again.';
export const UNKNOWN_AGENT = ACCESS_MESSAGES.widgetDoesNotExist;
export const HUMAN_WAITING = 'A team member is handling this conversation and will reply here.';
export const OFFLINE_LABEL = 'Offline mode (no language model is configured)';
export const OFFLINE_NOTHING = `${OFFLINE_LABEL}: I have nothing in my knowledge base about that.`;
export const OFFLINE_NO_TOOLS = 'I cannot run tools (look up orders, book appointments …) without a language model.';
export const DEFAULT_LAUNCH_MESSAGE = 'Hi! How can I help you today?';
