import { describe, expect, it } from 'vitest';
import { tabStorage } from '../../lib/tab-storage';
import { readChatDraft, writeChatDraft } from './draft';

describe('chat drafts', () => {
  it('are the account’s items: a sign-out’s removal takes them', () => {
    writeChatDraft(7, 3, 'Is there a horse for 95 kg?');
    expect(readChatDraft(7, 3)).toBe('Is there a horse for 95 kg?');
    // Another account reads none.
    expect(readChatDraft(8, 3)).toBe('');
    writeChatDraft(7, 3, 'Is there a horse for 95 kg?');
    tabStorage.removeAccountItems();
    expect(readChatDraft(7, 3)).toBe('');
  });
});
