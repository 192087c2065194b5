/**
 * The booking requests shown beside a chat (`listBookingRequestsForChat`): the traveller's requests
 * with the chat's organizer, or all of them in a support chat. Bookings answer it, on the chat
 * module's access rule (404 'Chat not found' for anyone who takes no part in the chat).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, tours } from '#src/db/schema/index.ts';
import { findChatFor, loadViewer } from '#src/modules/chat/index.ts';
import { requireSigned } from '#src/modules/sessions/index.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';
import { toBookingRequests } from './records.ts';

export interface ChatRequestsDeps {
  db: Database;
  rates: RatesCache;
}

export function chatRequestsHandlers({
  db,
  rates: ratesCache,
}: ChatRequestsDeps): Pick<ServiceHandlers, 'listBookingRequestsForChat'> {
  return {
    async listBookingRequestsForChat(request) {
      const { user } = await requireSigned(db, request);
      const { chat } = await findChatFor(db, await loadViewer(db, user), request.query.chat_id);
      // The traveller's requests with the chat's organizer; support sees all of them.
      const organizerTours =
        chat.kind === 'organizer' && chat.organizerId !== null
          ? db.select({ id: tours.id }).from(tours).where(eq(tours.organizerId, chat.organizerId))
          : undefined;
      const rows = await db
        .select()
        .from(bookingRequests)
        .where(
          and(
            eq(bookingRequests.userId, chat.clientId),
            organizerTours ? inArray(bookingRequests.tourId, organizerTours) : undefined,
          ),
        )
        .orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id))
        .limit(50);
      const rates = await ratesCache.get();
      // Weights are the traveller's and their organizer's to read, not support's; the booking's
      // uuid (its link) is the traveller's alone (`toBookingRequests` leaves it out for staff).
      const reader =
        chat.clientId === user.id
          ? 'traveller'
          : chat.kind === 'organizer'
            ? 'organizer'
            : 'support';
      const items = await toBookingRequests(db, rows, {
        reader,
        currency: requestCurrency(request, rates),
        rates,
      });
      return { items: items.map((item) => ({ ...item, chat_id: chat.id })) };
    },
  };
}
