export { CHAT_EVENTS, CHAT_PAGE_SIZE, MESSAGE_SEND_STATUSES } from './events';
export type { ChatEvent, MessageSendStatus } from './events';
export { ChatValidationError, assertChatId } from './chat-id';
