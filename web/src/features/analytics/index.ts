export { default as AnalyticsPage } from './AnalyticsPage';
