import type { Endpoint } from './http/endpoint';
import { endpoints as utilsEndpoints } from './utils';

/** Every HTTPS endpoint served by the `api` function, by feature. Add a feature's list here. */
export const endpoints: Endpoint[] = [...utilsEndpoints];
