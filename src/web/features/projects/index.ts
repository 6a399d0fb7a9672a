/** The projects feature's public surface: what other features may use (scripts/check-feature-boundaries.mjs). */
export { allProjectsQuery } from './api/get-projects';
export { projectKeys } from './api/project-keys';
export { useProjectLiveUpdates } from './api/use-project-live-updates';
export { OpenPunchLists } from './components/closeout/open-punch-lists';
