/**
 * The chat module: chats, messages, bots and the chat socket.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { startAttachmentSweep } from './attachments.ts';
export {
  BOT_SOURCES,
  BOT_TITLES,
  botSecrets,
  handleBotMessage,
  registerBotWebhooks,
  type BotDeps,
  type BotOutcome,
  type BotSource,
} from './bots.ts';
export {
  findChatFor,
  loadViewer,
  openOrganizerChat,
  openSupportChat,
  organizerChatOf,
  sideOf,
  SUPPORT_WELCOME,
} from './chats.ts';
export { type ChatRealtime } from './events.ts';
export { chatHandlers } from './handlers.ts';
export { storeMessage } from './messages.ts';
export { sourceId } from './notifications.ts';
export { markRead } from './read-state.ts';
export { attachChatSocket } from './socket.ts';
export { startSystemMessageAnnouncer } from './system-announcer.ts';
