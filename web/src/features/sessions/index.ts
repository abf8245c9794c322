export { default as SessionsPage } from './SessionsPage';
