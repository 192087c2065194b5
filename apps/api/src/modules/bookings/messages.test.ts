import { describe, expect, it } from 'vitest';
import { bookingReceivedMessage, guaranteeWording, type Guarantee } from './messages.ts';
import type { RequestRow } from './records.ts';

const request = {
  id: 812,
  uuid: '6f1c2a52-9a53-4c4e-8f0e-0d6b1b0f9a11',
  status: 1,
  seats: 2,
  nonRiders: 0,
  price: 164_400,
  prepayment: null,
  currency: 'USD',
  contactName: 'Ada Rider',
  contactEmail: 'ada@example.com',
  respondBy: new Date('2026-12-08T00:11:00Z'),
  holdUntil: null,
} as RequestRow;

const july = { startDate: '2027-07-12', endDate: '2027-07-18' };

describe('bookingReceivedMessage', () => {
  it('names the dates and the variant the traveller chose', () => {
    const message = bookingReceivedMessage({
      request,
      tourName: 'Altai Highlands',
      date: { ...july, variantName: 'Private room' },
      publicUrl: 'https://gallop.example',
    });
    expect(message.body).toContain(
      'request #812 for "Altai Highlands" on 12–18 July 2027 (Private room) for 2 riders',
    );
  });

  it('names only the dates of a date with one offer', () => {
    const message = bookingReceivedMessage({
      request,
      tourName: 'Altai Highlands',
      date: { ...july, variantName: null },
      publicUrl: 'https://gallop.example',
    });
    expect(message.body).toContain('on 12–18 July 2027 for 2 riders');
    expect(message.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('names the companions who come along without riding', () => {
    const message = bookingReceivedMessage({
      request: { ...request, seats: 1, nonRiders: 2 },
      tourName: 'Altai Highlands',
      date: undefined,
      publicUrl: 'https://gallop.example',
    });
    expect(message.body).toContain('"Altai Highlands" for 1 rider and 2 non-riders.');
  });

  it('tells a request by when the organizer answers, and what happens if they do not', () => {
    const message = bookingReceivedMessage({
      request,
      tourName: 'Altai Highlands',
      date: july,
      publicUrl: 'https://gallop.example',
    });
    expect(message.kind).toBe('booking-received');
    expect(message.body).toContain(
      'The organizer answers by 8 December 2026, 00:11 UTC. If they do not answer by then, the request is released and nothing is due',
    );
    expect(message.body).not.toContain('shortly');
  });

  it('asks a confirmed booking for its first payment, with the amount', () => {
    const message = bookingReceivedMessage({
      request: { ...request, status: 2, respondBy: null, prepayment: 40_000 },
      tourName: 'Altai Highlands',
      date: july,
      publicUrl: 'https://gallop.example',
    });
    expect(message.body).toContain(
      'Your place is confirmed. Pay the prepayment, US$400, to secure it.',
    );
    expect(message.subject).toBe('Booking #812 is confirmed: Altai Highlands');
  });

  it('gives a confirmed booking its payment deadline, as the organizer’s confirmation does', () => {
    const message = bookingReceivedMessage({
      request: { ...request, status: 2, respondBy: null, prepayment: 40_000 },
      tourName: 'Altai Highlands',
      date: july,
      publicUrl: 'https://gallop.example',
      holdEnd: new Date('2026-12-09T06:21:00Z'),
    });
    expect(message.body).toContain(
      'Your place is confirmed. Pay the prepayment, US$400, to secure it by 9 December 2026, 06:21 UTC; unpaid, the booking is released.',
    );
    // A guest proves the address first: that deadline comes after, on the booking's page.
    const guest = bookingReceivedMessage({
      request: { ...request, status: 2, respondBy: null, prepayment: 40_000 },
      tourName: 'Altai Highlands',
      date: july,
      publicUrl: 'https://gallop.example',
      holdEnd: new Date('2026-12-09T06:21:00Z'),
      guestHoldMinutes: 30,
    });
    expect(guest.body).toContain('to secure it.');
  });

  it('tells the booking and the guarantee it brought in one e-mail', () => {
    const confirmed = {
      ...request,
      status: 2,
      respondBy: null,
      holdUntil: new Date('2026-12-09T00:13:00Z'),
    };
    const guarantee = {
      date: { id: 77, startDate: '2027-01-30', endDate: '2027-02-04', minRiders: 4 },
      cause: 'minimum',
      told: [{ booking: confirmed, confirmed: true }],
    } as unknown as Guarantee;
    const message = bookingReceivedMessage({
      request: confirmed,
      tourName: 'Altai Highlands',
      date: guarantee.date,
      publicUrl: 'https://gallop.example',
      guarantee,
    });
    expect(message.kind).toBe('date-guaranteed');
    expect(message.subject).toBe(
      'Your ride on 30 January 2027 is guaranteed (booking #812): Altai Highlands',
    );
    expect(message.body).toContain(
      'We have your booking request #812 for "Altai Highlands" on 30 January – 4 February 2027 for 2 riders.',
    );
    expect(message.body).toContain(
      'Your ride on 30 January 2027 is guaranteed: the group reached its minimum of 4 riders, so the date runs. Booking #812 is confirmed: pay the full price, US$1,644, to secure the seats by 9 December 2026, 00:13 UTC.',
    );
    expect(message.body).toContain('https://gallop.example/booking/uuid/');
    expect(message.payload).toMatchObject({
      requestId: 812,
      tourDateId: 77,
      event: 'minimum-reached',
    });
  });
});

describe('the greeting of a booking e-mail (security walk, item 4)', () => {
  const spam = { ...request, contactName: 'Claim your refund at https://phish.example/gallop now' };
  const received = (overrides: Partial<Parameters<typeof bookingReceivedMessage>[0]>) =>
    bookingReceivedMessage({
      request: spam,
      tourName: 'Altai Highlands',
      date: july,
      publicUrl: 'https://gallop.example',
      ...overrides,
    });

  it("greets a guest's address without the name typed with it", () => {
    const message = received({ guestHoldMinutes: 30 });
    expect(message.body).toMatch(/^Hello,\n/);
    expect(message.body).not.toContain('phish.example');
  });

  it("greets by the name only an address proven to be the account's", () => {
    expect(received({}).body).toMatch(/^Hello,\n/);
    expect(received({ contactProven: true, request }).body).toMatch(/^Hello Ada Rider,\n/);
    // A guest's address is never proven, whatever the caller says.
    expect(received({ contactProven: true, guestHoldMinutes: 30 }).body).toMatch(/^Hello,\n/);
  });
});

describe('guaranteeWording', () => {
  it('counts a minimum of one rider in the singular, and speaks neutrally in the chat', () => {
    const words = guaranteeWording(
      { startDate: '2027-01-30', minRiders: 1 },
      { ...request, status: 2, holdUntil: new Date('2026-12-09T00:13:00Z') },
      true,
    );
    expect(words.forChat).toBe(
      'The ride on 30 January 2027 is guaranteed: the group reached its minimum of 1 rider, so the date runs. Booking #812 is confirmed without waiting for an answer: the full price, US$1,644, is due by 9 December 2026, 00:13 UTC.',
    );
  });
});
