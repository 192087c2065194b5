import { describe, expect, it } from 'vitest';
import {
  ACTOR_OF,
  decide,
  decideFor,
  EVENTS,
  paidBookingStatus,
  releasesSeats,
  STATUS,
  type Actor,
  type BookingEvent,
  type BookingStatus,
} from './status-machine';

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

const ACTORS: Actor[] = ['traveller', 'organizer', 'system', 'support', 'provider'];
const NOW = new Date('2027-03-01T12:00:00Z');
/** A booking well inside every deadline: it starts in a month, the organizer may still answer. */
const facts = (status: BookingStatus) => ({
  status,
  respondBy: new Date('2027-03-02T12:00:00Z'),
  start: '2027-04-01',
  end: '2027-04-08',
});

describe('who may raise an event, and when', () => {
  it('every status × every event × every actor: only the event’s own actor gets the status rule', () => {
    for (const status of ALL) {
      for (const event of EVENTS) {
        for (const actor of ACTORS) {
          const decision = decideFor(facts(status), event, actor, NOW);
          if (actor !== ACTOR_OF[event]) {
            expect(decision.kind, `${actor} ${event} on ${status}`).toBe('refused');
          } else if (event === 'tour-ends') {
            // A month before the start the tour cannot have ended, whatever its status.
            expect(decision.kind).not.toBe('move');
          } else {
            expect(decision, `${actor} ${event} on ${status}`).toEqual(decide(status, event));
          }
        }
      }
    }
  });

  it('refuses an organizer’s answer after the response deadline, and any cancel after the start', () => {
    const late = new Date('2027-03-03T00:00:00Z');
    expect(decideFor(facts(1), 'organizer-confirms', 'organizer', late)).toEqual({
      kind: 'refused',
      message: 'The time to answer this request has passed',
    });
    const started = new Date('2027-04-01T08:00:00Z');
    expect(decideFor(facts(2), 'traveller-cancels', 'traveller', started)).toEqual({
      kind: 'refused',
      message: 'This booking can no longer be cancelled: the tour has started',
    });
    expect(decideFor(facts(3), 'organizer-cancels', 'organizer', started).kind).toBe('refused');
    // Support may still cancel a started tour's booking.
    expect(decideFor(facts(3), 'support-cancels', 'support', started)).toEqual({
      kind: 'move',
      to: 8,
    });
  });

  it('confirms no request by its date’s guarantee once the time to answer it passed', () => {
    // The guarantee stands in for the organizer's answer: the same deadline, to the millisecond.
    const deadline = facts(1).respondBy;
    expect(decideFor(facts(1), 'minimum-reached', 'system', deadline)).toEqual({
      kind: 'move',
      to: 2,
    });
    const late = new Date(deadline.getTime() + 1);
    for (const event of ['minimum-reached', 'organizer-confirms'] as const) {
      expect(decideFor(facts(1), event, ACTOR_OF[event], late), event).toEqual({
        kind: 'refused',
        message: 'The time to answer this request has passed',
      });
    }
    // Unanswered, it is released by the booking job (1 → 7).
    expect(decideFor(facts(1), 'deadline-passes', 'system', late)).toEqual({ kind: 'move', to: 7 });
    // No deadline (a request made before deadlines, or on request): only the start stops it.
    const open = { ...facts(1), respondBy: null };
    expect(decideFor(open, 'minimum-reached', 'system', late)).toEqual({ kind: 'move', to: 2 });
    expect(decideFor(open, 'minimum-reached', 'system', new Date('2027-04-01T08:00:00Z'))).toEqual({
      kind: 'refused',
      message: 'The tour has already started',
    });
  });

  it('ends a prepaid tour only once its last day has passed', () => {
    expect(decideFor(facts(3), 'tour-ends', 'system', new Date('2027-04-08T20:00:00Z')).kind).toBe(
      'refused',
    );
    expect(decideFor(facts(3), 'tour-ends', 'system', new Date('2027-04-09T01:00:00Z'))).toEqual({
      kind: 'move',
      to: 4,
    });
  });

  it('answers a repeat as unchanged even after its deadline', () => {
    const late = new Date('2027-03-05T00:00:00Z');
    expect(decideFor(facts(2), 'organizer-confirms', 'organizer', late)).toEqual({
      kind: 'unchanged',
    });
  });
});

describe('a booking that has paid', () => {
  it('is prepaid while its payments cover its prepayment, and waits for the rest while they do not', () => {
    expect(paidBookingStatus({ price: 390_000, prepayment: 117_000, paid: 117_000 })).toBe(3);
    // Riders added since: 30% of the new price is due, only the first rider's share is paid.
    expect(paidBookingStatus({ price: 3_510_000, prepayment: 1_053_000, paid: 117_000 })).toBe(2);
    expect(paidBookingStatus({ price: 3_510_000, prepayment: 1_053_000, paid: 1_053_000 })).toBe(3);
    // No prepayment: the whole price.
    expect(paidBookingStatus({ price: 390_000, prepayment: null, paid: 390_000 })).toBe(3);
    expect(paidBookingStatus({ price: 780_000, prepayment: null, paid: 390_000 })).toBe(2);
  });
});
