// AI CSS Assistant: writes custom widget CSS through the LLM (or the offline responder), paid in credits.
import type { Endpoint } from '../http/endpoint';
import { aiCssEndpoint, type AiCssDeps } from './generate';

export type { AiCssDeps, CssResponder } from './generate';

export const aiCssEndpoints = (deps: AiCssDeps): Endpoint[] => [aiCssEndpoint(deps)];
