import { describe, expect, it } from 'vitest';
import { clientAnswering } from '../../lib/testing/api-client';
import { chatListQuery, chatMessagesQuery, chatQuery, relatedBookingsQuery } from './api';
import { chatKeys } from './keys';
import { unreadCountQuery } from './unread';

describe('chat keys', () => {
  it('name the entries the chat options fill', () => {
    const { api } = clientAnswering(200, {});
    expect(chatKeys.list()).toEqual(chatListQuery(api).queryKey);
    expect(chatKeys.detail(4)).toEqual(chatQuery(api, 4).queryKey);
    expect(chatKeys.messages(4)).toEqual(chatMessagesQuery(api, 4).queryKey);
    expect(chatKeys.unread()).toEqual(unreadCountQuery(api).queryKey);
  });

  it('cover every entry of the chat, so a reconnect reads them all again', () => {
    const { api } = clientAnswering(200, {});
    const keys = [
      chatListQuery(api).queryKey,
      chatQuery(api, 4).queryKey,
      chatMessagesQuery(api, 4).queryKey,
      relatedBookingsQuery(api, 4).queryKey,
      unreadCountQuery(api).queryKey,
    ];
    for (const key of keys) {
      expect(
        chatKeys.all.filter((prefix) => prefix.every((part, i) => key[i] === part)),
      ).toHaveLength(1);
    }
  });
});
