/**
 * The chat socket protocol shared with the API (decision 026): server pushes only, sending goes
 * through `POST /crm/api/chat/send-message`. Payloads use the contract's JSON shapes; this package
 * keeps them structural (no dependency on the API client), so callers pass their own types.
 */

/** The smallest message shape the client relies on (the contract's `ChatMessage`). */
export interface ChatMessageLike {
  id: number;
  chat_id: number;
  /** 'output' is the receiving user's own message, 'input' the other side's. */
  type: 'input' | 'output';
  message: string;
  created_at: string;
  client_id?: string | null;
}

/** The smallest chat shape the client relies on (the contract's `Chat`). */
export interface ChatLike {
  id: number;
  unread_count: number;
}

/** Server -> client events and their payloads. */
export interface ChatServerEvents<
  Message extends ChatMessageLike = ChatMessageLike,
  Chat extends ChatLike = ChatLike,
> {
  new_message: { chat_id: number; message: Message };
  chat_created: { chat: Chat };
  chat_was_updated: { chat: Chat };
  crm_user_chat_notifications_enabled: { chat_id: number; enabled: boolean };
  chat_is_read: { chat_id: number; reader_id: number };
  /**
   * The author changed the text. Sent to the chat's room, seen from outside the author's side:
   * take its content (`message`, `edited_at`) and keep your own `type`, `client_id` and read state.
   */
  message_was_edit: { chat_id: number; message: Message };
  /** Support hid the message for everyone: its text and file are gone. */
  message_was_moderated: { chat_id: number; message_id: number };
  /** The author deleted the message for everyone ('Message deleted'). */
  message_was_deleted: { chat_id: number; message_id: number };
  /** The attachment's processing ended; `file` is the attachment as it is now (its link once ready). */
  attachment_download_status_was_changed: {
    chat_id: number;
    message_id: number;
    download_status: 'pending' | 'ready' | 'failed';
    file?: Message extends { file?: infer File } ? File : unknown;
  };
  /** Support froze (or unfroze) the chat: nothing can be sent, edited or deleted while frozen. */
  chat_is_frozen: { chat_id: number; is_frozen: boolean };
}

/** The answer to `join_chat`. */
export type JoinChatAck = { ok: true } | { ok: false; message: string };

/** The handshake refusal the server gives for a missing, invalid or expired token. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
