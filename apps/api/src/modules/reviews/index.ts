/**
 * The reviews module: reviews and review invitations.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { reviewsHandlers } from './handlers.ts';
export { reviewInvitationHandlers } from './invitations.ts';
