import { describe, expect, it } from 'vitest';
import type { Chat, RelatedBooking } from './api';
import { conversationSubject } from './subject';

const firstTour = { id: 77, name: 'Iceland Highland Trail', slug: 'iceland-highland-trail-77' };

const booking = (id: number, status: RelatedBooking['status'], created_at: string, tourId = 100) =>
  ({ id, status, created_at, tour: { id: tourId } }) as unknown as RelatedBooking;

/** The booking's id and the tour's id the header names. */
const named = (chat: Pick<Chat, 'kind' | 'tour'>, bookings: RelatedBooking[]) => {
  const { booking: about, tour } = conversationSubject(chat, bookings);
  return { booking: about?.id, tour: tour?.id };
};

describe('conversationSubject', () => {
  const organizerChat = { kind: 'organizer', tour: firstTour } as const;

  it('is the newest open booking, whatever the order given, not the chat’s first tour', () => {
    const first = booking(1, 3, '2026-11-01T09:00:00Z', firstTour.id);
    const newer = booking(2, 1, '2026-12-01T09:00:00Z');
    expect(named(organizerChat, [first, newer])).toEqual({ booking: 2, tour: undefined });
    expect(named(organizerChat, [newer, first])).toEqual({ booking: 2, tour: undefined });
  });

  it('passes over ended bookings while one is open, and takes the newest once all have ended', () => {
    const open = booking(1, 2, '2026-11-01T09:00:00Z', firstTour.id);
    const declined = booking(2, 6, '2026-12-01T09:00:00Z', firstTour.id);
    expect(named(organizerChat, [declined, open]).booking).toBe(1);
    const complete = booking(1, 4, '2026-11-01T09:00:00Z', firstTour.id);
    expect(named(organizerChat, [complete, declined]).booking).toBe(2);
  });

  it('names the chat’s tour beside the booking while no booking is on it', () => {
    expect(named(organizerChat, [booking(1, 2, '2026-11-01T09:00:00Z')])).toEqual({
      booking: 1,
      tour: 77,
    });
    expect(named(organizerChat, [])).toEqual({ booking: undefined, tour: 77 });
    expect(named({ kind: 'organizer' }, [])).toEqual({ booking: undefined, tour: undefined });
  });

  it('names no booking in a support chat', () => {
    expect(named({ kind: 'support' }, [booking(1, 2, '2026-11-01T09:00:00Z')])).toEqual({
      booking: undefined,
      tour: undefined,
    });
  });
});
