export { default as MetricsPage } from './MetricsPage';
