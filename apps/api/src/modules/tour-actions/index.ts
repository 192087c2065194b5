/**
 * The tour-actions module: complaints, programme orders, followers of tours, help requests.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { startFollowerNotices } from './followers.ts';
export { tourActionsHandlers } from './handlers.ts';
export { readUnfollowToken } from './unfollow.ts';
