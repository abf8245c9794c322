// Credentials feature: the Credentials page (/app/{region}/credentials).
export { default as CredentialsPage } from './CredentialsPage';
