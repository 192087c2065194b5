import { createOutbox, type Outbox, type SendRequest } from '@gallop/chat';
import { ToastProvider } from '@gallop/ui-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { Chat, ChatMessage, RelatedBooking } from '../../api';
import { Conversation } from './conversation';

/** The first render waits for the router and the chat's calls; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };
/** Each test clicks through several calls and dialogs. */
const LONG = 20_000;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const soon = new Date(Date.now() + 3_600_000).toISOString();

function chatOf(overrides: Partial<Chat> = {}): Chat {
  return {
    id: 12,
    title: 'Andes Trails',
    kind: 'organizer',
    unread_count: 0,
    is_frozen: false,
    can_moderate: false,
    viewer_side: 'client',
    notifications_enabled: true,
    messenger_was_activated: false,
    tour: {
      id: 77,
      name: 'Iceland Highland Trail',
      slug: 'iceland-highland-trail-77',
      image: { image: '/media/generated/trail/1/{{size}}.jpg' },
    },
    ...overrides,
  };
}

const mine: ChatMessage = {
  id: 40,
  chat_id: 12,
  type: 'output',
  message: 'Do we ride on day one?',
  created_at: new Date().toISOString(),
  can_edit: true,
  can_delete: true,
  editable_until: soon,
};
const theirs: ChatMessage = {
  id: 41,
  chat_id: 12,
  type: 'input',
  message: 'Pay me by bank transfer outside Gallop',
  created_at: new Date().toISOString(),
  can_edit: false,
  can_delete: false,
  editable_until: null,
};

/** The chat's calls over one chat and its bookings (newest first); records the changes asked for. */
function chatApi(chat: Chat, bookings: readonly RelatedBooking[] = []) {
  const posted: { path: string; body: Record<string, unknown> }[] = [];
  let current = chat;
  return {
    posted,
    fetch: async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/get-chat')) return json(200, current);
      if (path.endsWith('/get-messages'))
        return json(200, { items: [theirs, mine], has_more: false });
      if (path.endsWith('/list-for-chat')) return json(200, { items: bookings });
      if (path.endsWith('/mark-as-read')) return json(200, { result: true });
      // The shell reads a signed-in visitor's rider passport: this traveller has none.
      if (path === '/spa/rider-passport') return json(200, { passport: null, companions: [] });
      if (request.method === 'GET') return json(200, { items: [] });
      const body = (await request.json()) as Record<string, unknown>;
      posted.push({ path: path.replace('/crm/api/chat/', ''), body });
      if (path.endsWith('/edit-message')) {
        return json(200, { ...mine, message: body.message, edited_at: new Date().toISOString() });
      }
      if (path.endsWith('/delete-message')) {
        return json(200, {
          ...mine,
          message: '',
          is_deleted: true,
          can_edit: false,
          can_delete: false,
        });
      }
      if (path.endsWith('/moderate-message')) {
        return json(200, { ...theirs, message: '', is_moderated: true });
      }
      if (path.endsWith('/freeze-chat')) {
        current = { ...current, is_frozen: body.is_frozen as boolean };
        return json(200, { chat_id: chat.id, is_frozen: body.is_frozen });
      }
      return json(404, { message: 'Not found' });
    },
  };
}

async function renderConversation(
  chat: Chat,
  bookings: readonly RelatedBooking[] = [],
  {
    userId = 5,
    send = () => new Promise<ChatMessage>(() => {}),
    outbox = createOutbox<ChatMessage>({ send }),
  }: {
    userId?: number;
    send?: (request: SendRequest) => Promise<ChatMessage>;
    outbox?: Outbox<ChatMessage>;
  } = {},
) {
  const api = chatApi(chat, bookings);
  const view = await renderInApp(
    <ToastProvider>
      <Suspense fallback={null}>
        <Conversation chatId={chat.id} userId={userId} outbox={outbox} />
      </Suspense>
    </ToastProvider>,
    { fetch: api.fetch, signedIn: true },
  );
  await screen.findByRole('heading', { name: chat.title }, SLOW_CI);
  return { ...api, outbox, unmount: view.unmount };
}

const bubbleOf = (text: string) => screen.getByText(text).closest('li')!;

/** A booking between the chat's traveller and organizer, as `list-for-chat` answers it. */
function relatedBooking(
  id: number,
  status: RelatedBooking['status'],
  tour: { id: number; name: string; slug: string },
  created_at: string,
  start: string,
): RelatedBooking {
  const shown = {
    id,
    status,
    tour: { ...tour, images: [{ image: `/media/generated/trail/${tour.id}/{{size}}.jpg` }] },
    tour_date: { id: id * 10, tour_id: tour.id, start, end: start.replace(/-\d\d$/u, '-20') },
    tourists: [],
    price: 1200,
    paid: 0,
    currency: 'EUR',
    created_at,
    chat_id: 12,
  };
  return shown as unknown as RelatedBooking;
}

/** The traveller's first tour with the organizer is the chat's; later ones are booked after. */
const iceland = { id: 77, name: 'Iceland Highland Trail', slug: 'iceland-highland-trail-77' };
const fjords = { id: 78, name: 'Fjord Coast Ride', slug: 'fjord-coast-ride-78' };
const organizerSide = chatOf({ viewer_side: 'staff', title: 'Alex Morgan' });

describe('Conversation', () => {
  it(
    'tells the traveller who the other side is, and the organizer nothing about themselves',
    async () => {
      const organizer = { id: 9, name: 'Andes Trails' } as Chat['organizer'];
      await renderConversation(chatOf({ organizer }));
      expect(screen.getByRole('link', { name: 'Organizer profile and tours' })).toHaveAttribute(
        'href',
        '/tour-provider/9',
      );
    },
    LONG,
  );

  it(
    'shows the organizer’s side no link to its own profile',
    async () => {
      const organizer = { id: 9, name: 'Andes Trails' } as Chat['organizer'];
      await renderConversation(chatOf({ organizer, viewer_side: 'staff', title: 'Alex Morgan' }));
      expect(screen.queryByRole('link', { name: 'Organizer profile and tours' })).toBeNull();
      expect(screen.queryByText(/We usually answer/)).toBeNull();
    },
    LONG,
  );

  it(
    'tells a traveller when support answers, as the help center and support’s greeting do',
    async () => {
      await renderConversation(chatOf({ kind: 'support', title: 'Gallop support' }));
      expect(await screen.findByText('We usually answer within a few hours')).toBeInTheDocument();
    },
    LONG,
  );

  it(
    'shows the tour the chat is about, linking to its page',
    async () => {
      await renderConversation(chatOf());
      const tour = screen.getByRole('link', { name: /About the tour Iceland Highland Trail/ });
      expect(tour).toHaveAttribute('href', '/iceland-highland-trail-77');
    },
    LONG,
  );

  it(
    'shows the organizer the booking the conversation is about now, not the chat’s first tour',
    async () => {
      await renderConversation(organizerSide, [
        relatedBooking(35, 1, fjords, '2026-12-05T09:00:00Z', '2027-06-14'),
        relatedBooking(34, 3, iceland, '2026-11-02T09:00:00Z', '2027-03-14'),
      ]);
      const subject = await screen.findByRole('link', { name: /^About booking #35/u }, SLOW_CI);
      expect(subject).toHaveTextContent('Fjord Coast Ride');
      expect(subject).toHaveTextContent('Waiting for your answer');
      expect(subject).toHaveTextContent('14–20 Jun 2027');
      expect(subject).toHaveAttribute('href', '/partner/bookings/35');
      expect(screen.queryByRole('link', { name: /About the tour Iceland/u })).toBeNull();
    },
    LONG,
  );

  it(
    'keeps an open booking in the header over a later one that has ended',
    async () => {
      await renderConversation(organizerSide, [
        relatedBooking(36, 6, fjords, '2026-12-06T09:00:00Z', '2027-06-14'),
        relatedBooking(34, 3, iceland, '2026-11-02T09:00:00Z', '2027-03-14'),
      ]);
      const subject = await screen.findByRole('link', { name: /^About booking #34/u }, SLOW_CI);
      expect(subject).toHaveTextContent('Iceland Highland Trail');
      expect(subject).toHaveTextContent('Prepaid');
    },
    LONG,
  );

  it(
    'shows the traveller their newest booking once every one has ended, linking their page',
    async () => {
      await renderConversation(chatOf(), [
        relatedBooking(34, 4, iceland, '2026-03-02T09:00:00Z', '2026-07-14'),
        relatedBooking(36, 5, fjords, '2026-12-06T09:00:00Z', '2027-06-14'),
      ]);
      const subject = await screen.findByRole('link', { name: /^About booking #36/u }, SLOW_CI);
      expect(subject).toHaveTextContent('Fjord Coast Ride');
      expect(subject).toHaveTextContent('Cancelled by you');
      expect(subject).toHaveAttribute('href', '/booking/36');
    },
    LONG,
  );

  it(
    'names the tour a question was asked about beside the booking while it is not booked',
    async () => {
      await renderConversation(organizerSide, [
        relatedBooking(35, 2, fjords, '2026-12-05T09:00:00Z', '2027-06-14'),
      ]);
      await screen.findByRole('link', { name: /^About booking #35/u }, SLOW_CI);
      expect(
        screen.getByRole('link', { name: /About the tour Iceland Highland Trail/u }),
      ).toHaveAttribute('href', '/iceland-highland-trail-77');
    },
    LONG,
  );

  it(
    'edits an own message, and deletes it after a confirmation',
    async () => {
      const api = await renderConversation(chatOf());
      // The other side's message offers nothing to a traveller.
      expect(within(bubbleOf(theirs.message)).queryByRole('button')).toBeNull();

      await userEvent.click(within(bubbleOf(mine.message)).getByRole('button', { name: 'Edit' }));
      const box = screen.getByRole('textbox', { name: 'Edit message' });
      await userEvent.clear(box);
      await userEvent.type(box, 'Do we ride on the first day?{Enter}');
      expect(await screen.findByText('Do we ride on the first day?')).toBeInTheDocument();
      expect(screen.getByText('edited ·')).toBeInTheDocument();

      await userEvent.click(
        within(bubbleOf('Do we ride on the first day?')).getByRole('button', { name: 'Delete' }),
      );
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete this message?' });
      expect(dialog).toHaveTextContent('It will be deleted for everyone in this conversation.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Message deleted')).toBeInTheDocument();
      expect(api.posted).toEqual([
        { path: 'edit-message', body: { message_id: 40, message: 'Do we ride on the first day?' } },
        { path: 'delete-message', body: { message_id: 40 } },
      ]);
    },
    LONG,
  );

  it(
    'closes the composer of a frozen chat with the reason, and offers no changes',
    async () => {
      await renderConversation(chatOf({ is_frozen: true }));
      expect(
        screen.getByText(
          'Gallop support has closed this conversation: you can read it, but new messages cannot be sent.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
      expect(within(bubbleOf(mine.message)).queryByRole('button')).toBeNull();
      expect(screen.queryByRole('button', { name: /freeze/i })).toBeNull();
    },
    LONG,
  );

  it(
    'lets support hide a message and freeze and unfreeze the chat',
    async () => {
      const api = await renderConversation(
        chatOf({ kind: 'support', title: 'Maya Hart', can_moderate: true, viewer_side: 'staff' }),
      );
      await userEvent.click(within(bubbleOf(theirs.message)).getByRole('button', { name: 'Hide' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Hide this message?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
      expect(await screen.findByText('Hidden by Gallop support')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Freeze chat' }));
      expect(
        await screen.findByText('This conversation is frozen: unfreeze it to write here again.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
      await userEvent.click(screen.getByRole('button', { name: 'Unfreeze chat' }));
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled());
      expect(api.posted.map((post) => post.body)).toEqual([
        { message_id: 41 },
        { chat_id: 12, is_frozen: true },
        { chat_id: 12, is_frozen: false },
      ]);
    },
    LONG,
  );
});

describe('Conversation: the unsent text', () => {
  const messageBox = () => screen.getByRole('textbox', { name: 'Message' });
  // The session ended elsewhere: the send answers 401 and the page goes to sign in (unmounts).
  const sessionEnded = () => Promise.reject(new Error('Unauthorized'));
  const stored = (request: SendRequest): Promise<ChatMessage> =>
    Promise.resolve({ ...mine, id: 50, message: request.message ?? '' });

  beforeEach(() => sessionStorage.clear());

  it(
    'comes back after signing in again in this tab, typed or sent into an ended session',
    async () => {
      const first = await renderConversation(chatOf(), [], { send: sessionEnded });
      await userEvent.type(messageBox(), 'Can I bring my own saddle?');
      first.unmount();

      const second = await renderConversation(chatOf(), [], { send: sessionEnded });
      await waitFor(() => expect(messageBox()).toHaveValue('Can I bring my own saddle?'));
      await userEvent.type(messageBox(), '{Enter}');
      await waitFor(() => expect(second.outbox.list(12)[0]?.status).toBe('failed'));
      expect(messageBox()).toHaveValue('');
      second.unmount();

      // Back in a page that still shows the failed message: not a second time in the composer.
      const same = await renderConversation(chatOf(), [], { outbox: second.outbox });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(messageBox()).toHaveValue('');
      same.unmount();

      await renderConversation(chatOf());
      await waitFor(() => expect(messageBox()).toHaveValue('Can I bring my own saddle?'));
    },
    LONG,
  );

  it(
    'is gone once sent, and never shown to another account signing in here',
    async () => {
      const first = await renderConversation(chatOf(), [], { send: stored });
      await userEvent.type(messageBox(), 'See you at the stables{Enter}');
      await waitFor(() => expect(first.outbox.list(12)[0]?.status).toBe('success'));
      first.unmount();

      const again = await renderConversation(chatOf());
      // Long enough for a kept text to have come back.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(messageBox()).toHaveValue('');
      await userEvent.type(messageBox(), 'And a helmet?');
      again.unmount();

      const other = await renderConversation(chatOf(), [], { userId: 6 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(messageBox()).toHaveValue('');
      other.unmount();

      // Removed, not only hidden: the first account finds nothing either.
      await renderConversation(chatOf());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(messageBox()).toHaveValue('');
      expect(JSON.stringify(sessionStorage)).not.toContain('helmet');
    },
    LONG,
  );

  it(
    'keeps only the text written after a send that is then stored',
    async () => {
      let store!: () => void;
      const first = await renderConversation(chatOf(), [], {
        send: (request) =>
          new Promise((resolve) => {
            store = () => void stored(request).then(resolve);
          }),
      });
      await userEvent.type(messageBox(), 'First question{Enter}');
      await userEvent.type(messageBox(), 'Second question');
      store();
      await waitFor(() => expect(first.outbox.list(12)[0]?.status).toBe('success'));
      first.unmount();

      await renderConversation(chatOf());
      await waitFor(() => expect(messageBox()).toHaveValue('Second question'));
    },
    LONG,
  );
});
