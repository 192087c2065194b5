import { describe, expect, it } from 'vitest';
import {
  CHAT_FROZEN,
  changeRefusal,
  EDIT_WINDOW_MS,
  editableUntil,
  FILE_NOT_EDITABLE,
  mayChange,
  MESSAGE_DELETED,
  MESSAGE_MODERATED,
  type ChangeSubject,
} from './message-rules.ts';

const sentAt = new Date('2026-12-01T10:00:00Z');
const AUTHOR = 7;
const message = (patch: Partial<ChangeSubject> = {}): ChangeSubject => ({
  senderId: AUTHOR,
  createdAt: sentAt,
  deletedAt: null,
  isModerated: false,
  fileId: null,
  ...patch,
});
const open = { isFrozen: false };
const soon = new Date(sentAt.getTime() + 60_000);
const atDeadline = new Date(sentAt.getTime() + EDIT_WINDOW_MS);
const late = new Date(sentAt.getTime() + EDIT_WINDOW_MS + 1);

describe('changeRefusal', () => {
  it.each([
    ['edit', message(), open, AUTHOR, soon, undefined],
    ['delete', message(), open, AUTHOR, soon, undefined],
    ['edit', message(), open, AUTHOR, atDeadline, undefined],
    [
      'edit',
      message(),
      open,
      8,
      soon,
      { status: 403, message: 'Only its author can edit this message' },
    ],
    [
      'delete',
      message(),
      open,
      8,
      soon,
      { status: 403, message: 'Only its author can delete this message' },
    ],
    [
      'edit',
      message({ senderId: null }),
      open,
      AUTHOR,
      soon,
      { status: 403, message: 'Only its author can edit this message' },
    ],
    [
      'edit',
      message({ deletedAt: soon }),
      open,
      AUTHOR,
      soon,
      { status: 409, message: MESSAGE_DELETED },
    ],
    ['delete', message({ deletedAt: soon }), open, AUTHOR, late, undefined],
    [
      'edit',
      message({ isModerated: true }),
      open,
      AUTHOR,
      soon,
      { status: 403, message: MESSAGE_MODERATED },
    ],
    [
      'delete',
      message({ isModerated: true }),
      open,
      AUTHOR,
      soon,
      { status: 403, message: MESSAGE_MODERATED },
    ],
    ['edit', message(), { isFrozen: true }, AUTHOR, soon, { status: 403, message: CHAT_FROZEN }],
    ['delete', message(), { isFrozen: true }, AUTHOR, soon, { status: 403, message: CHAT_FROZEN }],
    [
      'edit',
      message(),
      open,
      AUTHOR,
      late,
      { status: 403, message: 'A message can only be edited within 24 hours of sending' },
    ],
    [
      'delete',
      message(),
      open,
      AUTHOR,
      late,
      { status: 403, message: 'A message can only be deleted within 24 hours of sending' },
    ],
    [
      'edit',
      message({ fileId: 3 }),
      open,
      AUTHOR,
      soon,
      { status: 422, message: FILE_NOT_EDITABLE, field: 'message_id' },
    ],
    ['delete', message({ fileId: 3 }), open, AUTHOR, soon, undefined],
  ] as const)('%s %o in %o by %i at %s: %o', (change, subject, chat, viewer, now, expected) => {
    expect(changeRefusal(change, subject, chat, viewer, now)).toEqual(expected);
  });
});

describe('editableUntil and mayChange', () => {
  it('gives the author 24 hours on a live message, nobody on others', () => {
    expect(editableUntil(message())).toEqual(atDeadline);
    for (const gone of [
      message({ senderId: null }),
      message({ deletedAt: soon }),
      message({ isModerated: true }),
    ]) {
      expect(editableUntil(gone)).toBeNull();
    }
  });

  it('answers what can_edit and can_delete show', () => {
    expect(mayChange('edit', message(), open, AUTHOR, soon)).toBe(true);
    expect(mayChange('edit', message(), open, undefined, soon)).toBe(false);
    expect(mayChange('edit', message({ fileId: 1 }), open, AUTHOR, soon)).toBe(false);
    expect(mayChange('delete', message({ fileId: 1 }), open, AUTHOR, soon)).toBe(true);
    // Deleting a deleted message is allowed (it changes nothing), but not offered.
    expect(mayChange('delete', message({ deletedAt: soon }), open, AUTHOR, soon)).toBe(false);
    expect(mayChange('delete', message(), { isFrozen: true }, AUTHOR, soon)).toBe(false);
  });
});
