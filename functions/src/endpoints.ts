import type { Composition } from './composition';
import type { Endpoint } from './http/endpoint';
import { endpoints as utilsEndpoints } from './utils';
import { visitorEndpoints } from './conversations';
import { endpoints as agentsEndpoints } from './agents';
import { endpoints as knowledgeEndpoints } from './knowledge';
import { uploadsEndpoints } from './uploads';
import { aiCssEndpoints } from './ai-css';
import { workspacesEndpoints } from './workspaces';
import { endpoints as eventsEndpoints } from './events';
import { channelEndpoints } from './channels';
import { endpoints as agencyEndpoints } from './agency';
import { endpoints as clientsEndpoints } from './clients';
import { billingEndpoints } from './billing';
import { voiceEndpoints, workspaceVoiceRelease } from './voice';
import { leadEndpoints } from './leads';
import { logsEndpoints } from './logs';

/** Every HTTPS endpoint served by the `api` function, by feature, given the composition. Add a feature's list here. */
export function endpointsOf(app: Composition): Endpoint[] {
  return [
    ...utilsEndpoints, ...visitorEndpoints(app), ...agentsEndpoints, ...knowledgeEndpoints, ...uploadsEndpoints(app), ...aiCssEndpoints({ credits: app.credits }),
    ...workspacesEndpoints({ releaseVoice: workspaceVoiceRelease(app) }), ...eventsEndpoints, ...channelEndpoints(app), ...agencyEndpoints, ...clientsEndpoints, ...billingEndpoints(app),
    ...voiceEndpoints(app),
    ...leadEndpoints(app),
    ...logsEndpoints(app.events.logs),
  ];
}
