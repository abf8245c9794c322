import type { Endpoint } from './http/endpoint';
import { endpoints as utilsEndpoints } from './utils';
import { endpoints as conversationsEndpoints } from './conversations';
import { endpoints as agentsEndpoints } from './agents';
import { endpoints as knowledgeEndpoints } from './knowledge';
import { endpoints as uploadsEndpoints } from './uploads';
import { endpoints as aiCssEndpoints } from './ai-css';
import { endpoints as workspacesEndpoints } from './workspaces';
import { endpoints as eventsEndpoints } from './events';
import { endpoints as channelsEndpoints } from './channels';
import { endpoints as agencyEndpoints } from './agency';
import { endpoints as clientsEndpoints } from './clients';
import { endpoints as billingEndpoints } from './billing';

/** Every HTTPS endpoint served by the `api` function, by feature. Add a feature's list here. */
export const endpoints: Endpoint[] = [...utilsEndpoints, ...conversationsEndpoints, ...agentsEndpoints, ...knowledgeEndpoints, ...uploadsEndpoints, ...aiCssEndpoints, ...workspacesEndpoints, ...eventsEndpoints, ...channelsEndpoints, ...agencyEndpoints, ...clientsEndpoints, ...billingEndpoints];
