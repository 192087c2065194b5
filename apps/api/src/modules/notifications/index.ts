/**
 * The notifications module: the outbox and its transports.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { registerDevOutboxRoute } from './dev-outbox.ts';
export {
  dispatchOutbox,
  enqueueMessage,
  startOutboxDispatcher,
  type OutboxAttachment,
  type OutboxMessage,
} from './outbox.ts';
export { channelsReachingLogins, outboxTransport } from './transports.ts';
