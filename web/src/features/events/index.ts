// Events feature: the Events page (/app/{region}/events): endpoint, deliveries, logs.
export { default as EventsPage } from './EventsPage';
