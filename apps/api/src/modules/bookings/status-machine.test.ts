import { describe, expect, it } from 'vitest';
import {
  decide,
  releasesSeats,
  STATUS,
  type BookingEvent,
  type BookingStatus,
} from './status-machine.ts';

const ALL: BookingStatus[] = [1, 2, 3, 4, 5, 6, 7, 8];

/** decisions.md, "Booking lifecycle": every event, where it leaves from and where it goes. */
const MOVES: [BookingEvent, BookingStatus[], BookingStatus][] = [
  ['organizer-confirms', [1], 2],
  ['organizer-declines', [1], 6],
  ['organizer-cancels', [2, 3], 6],
  ['traveller-cancels', [1, 2, 3], 5],
  ['deadline-passes', [1, 2], 7],
  ['support-cancels', [1, 2, 3], 8],
  ['payment-arrives', [2], 3],
  ['tour-ends', [3], 4],
];

describe('the booking status machine', () => {
  it.each(MOVES)(
    '%s moves %j to %i and refuses or ignores every other status',
    (event, from, to) => {
      for (const status of ALL) {
        const decision = decide(status, event);
        if (from.includes(status)) expect(decision).toEqual({ kind: 'move', to });
        else if (status === to || (event === 'payment-arrives' && status === 3)) {
          expect(decision).toEqual({ kind: 'unchanged' });
        } else expect(decision.kind).toBe('refused');
      }
    },
  );

  it('says why it refuses', () => {
    expect(decide(STATUS.canceledByAuthor, 'traveller-cancels')).toEqual({
      kind: 'refused',
      message: 'This booking was cancelled by the organizer',
    });
    expect(decide(STATUS.tourComplete, 'support-cancels')).toEqual({
      kind: 'refused',
      message: 'This tour has already taken place',
    });
  });

  it('releases seats only when an active booking is cancelled', () => {
    expect(releasesSeats(2, 5)).toBe(true);
    expect(releasesSeats(3, 8)).toBe(true);
    expect(releasesSeats(1, 2)).toBe(false);
    expect(releasesSeats(3, 4)).toBe(false);
    expect(releasesSeats(5, 5)).toBe(false);
  });
});
