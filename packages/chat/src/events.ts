/** Realtime events of the chat socket (docs/product.md, States). */
export const CHAT_EVENTS = [
  'new_message',
  'message_was_edit',
  'message_was_moderated',
  'chat_is_read',
  'chat_was_updated',
  'chat_created',
  'message_was_deleted',
  'attachment_download_status_was_changed',
  'crm_user_chat_notifications_enabled',
  'chat_is_frozen',
] as const;
export type ChatEvent = (typeof CHAT_EVENTS)[number];

/** Send states of a chat message. */
export const MESSAGE_SEND_STATUSES = ['waiting', 'loading', 'failed', 'success'] as const;
export type MessageSendStatus = (typeof MESSAGE_SEND_STATUSES)[number];

/** Chat list page size (docs/product.md, Constants). */
export const CHAT_PAGE_SIZE = 20;
