export class ChatValidationError extends Error {
  override name = 'ChatValidationError';
}

/**
 * Sending a message needs a numeric chat id; anything else is rejected with the spec's text
 * 'data.chatId must be a number' before any request is made.
 */
export function assertChatId(chatId: unknown): number {
  const id = typeof chatId === 'string' && /^\d+$/.test(chatId) ? Number(chatId) : chatId;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) {
    throw new ChatValidationError('data.chatId must be a number');
  }
  return id;
}
