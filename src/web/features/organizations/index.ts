/** The organisations feature's public surface (issue 26 #4): the admin dashboard's API organisations panel. */
export { OrganizationsPanel } from './components/organizations-panel';
