/**
 * The phone-codes module: phone codes for calls to organizers.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { phoneCodesHandlers } from './handlers.ts';
