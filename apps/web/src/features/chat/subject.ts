/**
 * What an organizer's conversation is about now, for its header. The chat's own tour
 * (`chat.tour`) is the first tour it was opened from, moved only by a question asked from a tour
 * page: a later booking with the same organizer leaves it on the first tour. The bookings between
 * the traveller and the organizer (`list-for-chat`) say more: the conversation is about the
 * newest one still open (waiting, confirmed or paid), else the newest one. The chat's tour is
 * named too while none of those bookings is on it: a question about a tour not booked (the API
 * does not say whether it came before or after the bookings).
 */
import type { Chat, RelatedBooking } from './api';

export interface ConversationSubject {
  booking?: RelatedBooking | undefined;
  tour?: NonNullable<Chat['tour']> | undefined;
}

/** Open bookings: the organizer still answers them, the traveller still pays or rides. */
const isOpen = (booking: RelatedBooking) => booking.status <= 3;

/** Newest first, as the API lists them; sorted again, so the header never trusts an order. */
const newestFirst = (a: RelatedBooking, b: RelatedBooking) =>
  Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id;

/** The booking and the tour the conversation's header names (either, both or neither). */
export function conversationSubject(
  chat: Pick<Chat, 'kind' | 'tour'>,
  bookings: readonly RelatedBooking[],
): ConversationSubject {
  // A support chat lists every booking of the traveller's: none is its subject.
  const related = chat.kind === 'support' ? [] : [...bookings].sort(newestFirst);
  const booking = related.find(isOpen) ?? related[0];
  const tour =
    chat.tour && !related.some((b) => b.tour.id === chat.tour?.id) ? chat.tour : undefined;
  return { booking, tour };
}
