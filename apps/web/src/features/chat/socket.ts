/**
 * The socket client on its own chunk: Socket.IO loads after the page, only for signed-in users
 * (it would otherwise weigh on every visitor's first load; see .size-limit.js).
 */
export { createChatConnection } from '@gallop/chat';
