// Events feature: sign-up event recording and forwarding.
import type { Endpoint } from '../http/endpoint';
import { newUserEndpoint } from './new-user';

export const endpoints: Endpoint[] = [newUserEndpoint];
