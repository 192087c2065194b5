/**
 * The meetings module: the organizer's meet pages.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { meetingsHandlers } from './handlers.ts';
export { meetUrl, memberMeetKey, openMeeting, savedMeetings } from './meetings.ts';
