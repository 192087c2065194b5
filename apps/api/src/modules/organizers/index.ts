/**
 * The organizers module: organizer profiles and the calls organizer accounts make.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { organizersHandlers } from './handlers.ts';
export { ownOrganizersHandlers } from './own.ts';
