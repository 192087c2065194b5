/** The organizer's e-mail about a new booking (`newRequestForOrganizer`), as plain text. */
import { describe, expect, it } from 'vitest';
import type { Guarantee } from './messages.ts';
import { newRequestForOrganizer, type NewBookingFacts } from './organizer-answers.ts';
import type { RequestRow } from './records.ts';
import type { RiderFacts } from './wording.ts';

const request = {
  id: 1,
  uuid: '6f1c2a52-9a53-4c4e-8f0e-0d6b1b0f9a11',
  status: 1,
  seats: 2,
  nonRiders: 1,
  price: 164_400,
  prepayment: null,
  currency: 'USD',
  comment: null,
  contactName: 'Alex Morgan',
  contactEmail: 'alex@example.com',
  respondBy: new Date('2026-12-08T00:11:00Z'),
  holdUntil: null,
} as RequestRow;

const rider = (facts: Partial<RiderFacts>): RiderFacts => ({
  firstName: 'Jordan',
  middleName: null,
  lastName: 'Lee',
  birthday: null,
  weight: null,
  riderLevel: null,
  rides: true,
  ...facts,
});

const tourists = [
  rider({
    firstName: 'Alex',
    lastName: 'Morgan',
    birthday: '1990-03-02',
    weight: 70,
    riderLevel: 2,
  }),
  rider({ birthday: '1985-01-06', weight: 104, riderLevel: 1 }),
  rider({ firstName: 'Mia', lastName: 'Lee', birthday: '2018-07-01', rides: false }),
];

const facts: NewBookingFacts = {
  request,
  tour: {
    name: 'Riding the Hidden Castile and León',
    organizerName: 'Castile Trails',
    maxRiderWeightKg: 95,
  },
  date: { startDate: '2027-01-05', endDate: '2027-01-10', variantName: 'Private room' },
  tourists,
  organizerEmail: 'trails@example.com',
  secret: 'booking-link-secret-for-tests',
  publicUrl: 'https://gallop.example',
};

describe("the organizer's e-mail about a new booking", () => {
  it('names the dates, the variant, each rider and the non-riders, and links the booking', () => {
    const mail = newRequestForOrganizer(facts);
    expect(mail.kind).toBe('request-to-answer');
    expect(mail.subject).toBe(
      'Please answer booking request #1: Riding the Hidden Castile and León',
    );
    expect(mail.body).toContain(
      'Alex Morgan asks to book "Riding the Hidden Castile and León" on 5–10 January 2027 (Private room) for 2 riders and 1 non-rider (US$1,644).',
    );
    expect(mail.body).toContain(
      'Riders:\n- Alex Morgan: aged 36 on the first day, Intermediate, 70\u00a0kg (154\u00a0lb), a standard horse\n- Jordan Lee: aged 41 on the first day, Novice, 104\u00a0kg (229\u00a0lb), a heavier-horse place',
    );
    expect(mail.body).toContain(
      'Non-riders (a bed, no horse):\n- Mia Lee: aged 8 on the first day',
    );
    expect(mail.body).toContain('The booking: https://gallop.example/partner/bookings/1');
  });

  it('asks for an answer by a deadline written for people, with the answer links', () => {
    const mail = newRequestForOrganizer(facts);
    expect(mail.body).toContain(
      'waits for your answer until 8 December 2026, 00:11 UTC; unanswered, it is released.',
    );
    expect(mail.body).toMatch(
      /Confirm: https:\/\/gallop\.example\/partner\/answer\?token=\S+&answer=confirm/,
    );
    expect(mail.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('links a booking that needs no answer to its page, not to a Confirm link', () => {
    const mail = newRequestForOrganizer({
      ...facts,
      request: { ...request, status: 2, respondBy: null },
    });
    expect(mail.kind).toBe('booking-for-organizer');
    expect(mail.subject).toBe('New booking #1: Riding the Hidden Castile and León');
    expect(mail.body).toContain('booked "Riding the Hidden Castile and León" on 5–10 January 2027');
    expect(mail.body).toContain('The booking: https://gallop.example/partner/bookings/1');
    expect(mail.body).not.toContain('/partner/answer');
  });

  it('tells the guarantee the booking brought in the same e-mail', () => {
    const other = { ...request, id: 2, seats: 2, nonRiders: 0, contactName: 'Maya Hart' };
    const booked = { ...request, status: 2, respondBy: null };
    const guarantee = {
      date: { id: 9, startDate: '2027-01-05', endDate: '2027-01-10', minRiders: 4 },
      // The booking reached the minimum (an organizer's confirmation words it otherwise, 148).
      cause: 'minimum',
      told: [
        { booking: other, confirmed: true },
        { booking: booked, confirmed: true },
      ],
    } as unknown as Guarantee;
    const mail = newRequestForOrganizer({ ...facts, request: booked, guarantee });
    expect(mail.kind).toBe('organizer-date-guaranteed');
    expect(mail.subject).toBe(
      'New booking #1, the ride on 5 January 2027 is guaranteed: Riding the Hidden Castile and León',
    );
    expect(mail.body).toContain('Jordan Lee: aged 41 on the first day');
    expect(mail.body).toContain('The ride on 5 January 2027 reached its minimum of 4 riders');
    expect(mail.body).toContain(
      '- #2 Maya Hart, 2 riders: confirmed now https://gallop.example/partner/bookings/2',
    );
    expect(mail.payload).toMatchObject({ requestId: 1, tourDateId: 9, event: 'minimum-reached' });
  });
});
