export { CHAT_EVENTS, CHAT_PAGE_SIZE, MESSAGE_SEND_STATUSES } from './events';
export type { ChatEvent, MessageSendStatus } from './events';
export { ChatValidationError, assertChatId } from './chat-id';
export { UNAUTHORIZED_MESSAGE } from './protocol';
export type { ChatLike, ChatMessageLike, ChatServerEvents, JoinChatAck } from './protocol';
export { createChatConnection } from './connection';
export type {
  ChatConnection,
  ChatConnectionOptions,
  ChatConnectionStatus,
  TokenReason,
} from './connection';
export { browserConnectivity, chatConnectivity } from './connectivity';
export type {
  BrowserTarget,
  ConnectionSignal,
  Connectivity,
  DisposableConnectivity,
} from './connectivity';
export { createOutbox } from './outbox';
export type { OutboxOptions, Outbox, OutgoingMessage, SendRequest } from './outbox';
export { TAB_BLINK_INTERVAL_MS, createTabBlinker } from './tab-blinker';
export type {
  BlinkerDocument,
  TabBlinker,
  TabBlinkerOptions,
  TabBlinkerTimers,
} from './tab-blinker';
