import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountApi } from '../../lib/testing/fake-account-api';
import { renderInApp } from '../../lib/testing/render-in-app';
import type { Chat } from './api';
import { ChatList } from './components/chat-list/chat-list';

// 15:40 UTC on 6 Dec is 10:40 the same day in New York and 00:40 on 7 Dec in Tokyo: "today"
// in both at 15:45 UTC, so the list shows the time.
const SENT = '2026-12-06T15:40:00Z';
const NOW = '2026-12-06T15:45:00Z';

const chat: Chat = {
  id: 1,
  title: 'Spain Horseback Holidays',
  unread_count: 0,
  is_frozen: false,
  kind: 'organizer',
  last_message: { id: 5, chat_id: 1, type: 'input', message: 'See you there', created_at: SENT },
};

/** The browser says it is in Tokyo, as the traveller's walk had it. */
function browserIn(zone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: zone };
  });
}

/** The profile answers `timezone` (none: the traveller never chose one). */
function accountIn(timezone: string | null) {
  return fakeAccountApi([], (url) =>
    url.pathname === '/crm/api/user/profile'
      ? Response.json({ id: 7, first_name: 'Alex', email: 'a@b.c', timezone })
      : undefined,
  );
}

const list = (
  <ChatList chats={[chat]} activeId={1} hasMore={false} loadingMore={false} onLoadMore={() => {}} />
);

describe('the chat’s clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
    browserIn('Asia/Tokyo');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('writes times in the zone of the signed-in traveller’s settings, not the browser’s', async () => {
    await renderInApp(list, { fetch: accountIn('America/New_York').fetch, signedIn: true });
    expect(await screen.findByText('10:40')).toBeInTheDocument();
    expect(screen.queryByText('00:40')).not.toBeInTheDocument();
  });

  it('writes them in the browser’s zone when the profile has none, or nobody is signed in', async () => {
    const { unmount } = await renderInApp(list, {
      fetch: accountIn(null).fetch,
      signedIn: true,
    });
    expect(await screen.findByText('00:40')).toBeInTheDocument();
    unmount();
    await renderInApp(list, { fetch: accountIn('America/New_York').fetch });
    expect(await screen.findByText('00:40')).toBeInTheDocument();
  });

  it('hydrates with no mismatch, then writes the profile’s zone', async () => {
    const mismatches: unknown[] = [];
    await renderInApp(list, {
      fetch: accountIn('America/New_York').fetch,
      signedIn: true,
      hydrate: { onRecoverableError: (error) => mismatches.push(error) },
    });
    await waitFor(() => expect(screen.getByText('10:40')).toBeInTheDocument());
    expect(mismatches).toEqual([]);
  });
});
