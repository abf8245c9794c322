// AI CSS Assistant: writes custom widget CSS through the LLM port (or the offline responder).
import type { Endpoint } from '../http/endpoint';
import { aiCssEndpoint } from './generate';

export const endpoints: Endpoint[] = [aiCssEndpoint];
