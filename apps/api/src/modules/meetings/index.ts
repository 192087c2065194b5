/**
 * The meetings module: the organizer's meet page calls. A booking's meeting details themselves
 * (the contract, its key, the saved text and files) belong to bookings, which show them.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { meetingsHandlers } from './handlers.ts';
