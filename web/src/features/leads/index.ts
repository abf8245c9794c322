export { default as LeadsPage } from './LeadsPage';
