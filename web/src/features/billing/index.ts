// Public surface of the billing feature.
export { default as BillingPage } from './BillingPage';
