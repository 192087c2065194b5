import { describe, expect, it } from 'vitest';
import { ChatValidationError, assertChatId } from './chat-id';

describe('assertChatId', () => {
  it('accepts numbers and numeric strings', () => {
    expect(assertChatId(42)).toBe(42);
    expect(assertChatId('42')).toBe(42);
  });

  it.each([undefined, null, 'abc', '4a', 1.5, 0, -3, Number.NaN])(
    'rejects %s with the spec text',
    (input) => {
      expect(() => assertChatId(input)).toThrow(ChatValidationError);
      expect(() => assertChatId(input)).toThrow('data.chatId must be a number');
    },
  );
});
