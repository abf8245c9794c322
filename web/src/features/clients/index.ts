// Public surface of the clients feature: the agency's Clients page, and the Org Info / Add User drawers the app also
// composes into the client dashboard (an org admin's About and Add User).
export { default as ClientsPage } from './ClientsPage';
export { OrgInfoDrawer } from './OrgInfoDrawer';
export { UserDrawer } from './UserDrawer';
