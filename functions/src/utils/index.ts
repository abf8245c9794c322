import { ipEndpoint } from './ip';

export const endpoints = [ipEndpoint];
