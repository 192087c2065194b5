/**
 * Who may change a stored message, and until when (decision 101): its author edits the text of a
 * message without a file, or deletes any of their messages, for 24 hours after sending, unless
 * the message was deleted or hidden by support, or the chat is frozen. Pure: the services ask
 * these before they write, and again when a guarded write found the message changed meanwhile.
 */

/** How long after sending the author may edit or delete a message. */
export const EDIT_WINDOW_MS = 24 * 60 * 60_000;

export const CHAT_FROZEN =
  'This chat is closed: it can be read, but messages cannot be sent, edited or deleted';
export const MESSAGE_DELETED = 'This message was deleted';
export const MESSAGE_MODERATED = 'Gallop support hid this message: it cannot be changed';
export const FILE_NOT_EDITABLE = 'Only the text of a message without a file can be edited';

export type MessageChange = 'edit' | 'delete';

/** What the rules read of a message. */
export interface ChangeSubject {
  senderId: number | null;
  createdAt: Date;
  deletedAt: Date | null;
  isModerated: boolean;
  fileId: number | null;
}

export interface ChangeRefusal {
  status: 403 | 409 | 422;
  message: string;
  /** The request field a 422 is about. */
  field?: string;
}

/** Until when the author may change the message; null when nobody may (system, deleted, hidden). */
export function editableUntil(message: ChangeSubject): Date | null {
  if (message.senderId === null || message.deletedAt !== null || message.isModerated) return null;
  return new Date(message.createdAt.getTime() + EDIT_WINDOW_MS);
}

/**
 * Why `viewerId` may not make `change` now, or undefined when they may. Deleting a deleted
 * message is allowed: it changes nothing and answers the message as it is.
 */
export function changeRefusal(
  change: MessageChange,
  message: ChangeSubject,
  chat: { isFrozen: boolean },
  viewerId: number,
  now: Date,
): ChangeRefusal | undefined {
  if (message.senderId !== viewerId) {
    return { status: 403, message: `Only its author can ${change} this message` };
  }
  if (message.deletedAt !== null) {
    return change === 'edit' ? { status: 409, message: MESSAGE_DELETED } : undefined;
  }
  if (message.isModerated) return { status: 403, message: MESSAGE_MODERATED };
  if (chat.isFrozen) return { status: 403, message: CHAT_FROZEN };
  if (now.getTime() > message.createdAt.getTime() + EDIT_WINDOW_MS) {
    const verb = change === 'edit' ? 'edited' : 'deleted';
    return { status: 403, message: `A message can only be ${verb} within 24 hours of sending` };
  }
  if (change === 'edit' && message.fileId !== null) {
    return { status: 422, message: FILE_NOT_EDITABLE, field: 'message_id' };
  }
  return undefined;
}

/** The viewer may make `change` now (what `can_edit` and `can_delete` show). */
export function mayChange(
  change: MessageChange,
  message: ChangeSubject,
  chat: { isFrozen: boolean },
  viewerId: number | undefined,
  now: Date,
): boolean {
  return (
    viewerId !== undefined &&
    message.deletedAt === null &&
    changeRefusal(change, message, chat, viewerId, now) === undefined
  );
}
