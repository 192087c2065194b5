/**
 * The notices' words (`wordingOf`, `emailsOf`): the chat line both sides read is neutral, each
 * e-mail speaks to its reader, counts take their plural, dates and deadlines are written for
 * people, and a rider change tells the organizer what changed.
 */
import { describe, expect, it } from 'vitest';
import { organizerCalledOffText, type DateCallOff } from './messages.ts';
import {
  emailsOf,
  RELEASE_REASONS,
  undecidedDateReason,
  wordingOf,
  type Facts,
  type Notice,
} from './notices.ts';
import type { RequestRow } from './records.ts';
import type { RiderFacts } from './wording.ts';

const booking = {
  id: 1,
  uuid: '6f1c2a52-9a53-4c4e-8f0e-0d6b1b0f9a11',
  status: 2,
  seats: 2,
  nonRiders: 0,
  price: 123_400,
  prepayment: null,
  paid: 0,
  refunded: 0,
  currency: 'USD',
  contactName: 'Alex Morgan',
  contactEmail: 'alex@example.com',
  contactPhone: '+14155550100',
  holdUntil: new Date('2026-12-09T00:13:00Z'),
  respondBy: null,
  cancelMessage: null,
  declineReason: null,
  cancellationPolicy: 'moderate',
  cancellationTiers: [
    { days_before: 30, refund_percent: 100 },
    { days_before: 14, refund_percent: 50 },
  ],
} as unknown as RequestRow;

const facts: Facts = {
  tourName: 'Riding the Hidden Castile and León',
  dates: '5–10 January 2027',
  organizerId: 3,
  organizerName: 'Castile Trails',
  organizerEmail: 'trails@example.com',
  supportEmail: 'support@example.com',
};

const status = (event: Extract<Notice, { kind: 'status' }>['event'], row = booking, refunded = 0) =>
  ({ kind: 'status', event, booking: row, refunded }) as const;

const emails = (notice: Notice) =>
  emailsOf(notice, wordingOf(notice), facts, {
    publicUrl: 'https://gallop.example',
    organizerTold: false,
  });
const to = (notice: Notice, kind: string) => emails(notice).find((mail) => mail.kind === kind)!;

const rider = (facts: Partial<RiderFacts> = {}) => ({
  firstName: 'Jordan',
  middleName: null,
  lastName: 'Lee',
  birthday: null,
  weight: null,
  riderLevel: null,
  rides: true,
  email: null,
  phone: null,
  foodRestriction: null,
  ...facts,
});

describe('a confirmation', () => {
  const words = wordingOf(status('organizer-confirms'));

  it('is said neutrally in the chat, with the amount and the deadline written for people', () => {
    expect(words.forChat).toBe(
      'Booking #1 is confirmed: the full price, US$1,234, is due by 9 December 2026, 00:13 UTC.',
    );
    expect(words.forChat).not.toContain('traveller');
  });

  it('speaks to each reader in their person', () => {
    expect(words.forOrganizer).toMatch(/^You confirmed booking #1\./);
    expect(words.forTraveller).toContain(
      'Pay the full price, US$1,234, to secure the seats by 9 December 2026, 00:13 UTC',
    );
  });

  it('names the trip by dates written for people', () => {
    expect(to(status('organizer-confirms'), 'booking-confirmed').body).toContain(
      'Your trip: "Riding the Hidden Castile and León" (5–10 January 2027).',
    );
  });
});

describe('the end of a tour', () => {
  it('says neither "the traveller is invited" in the chat nor speaks of its reader', () => {
    const words = wordingOf(status('tour-ends'));
    expect(words.forChat).toBe(
      'The tour of booking #1 has ended and the booking is complete; it can now be reviewed.',
    );
    expect(words.forOrganizer).toContain('We invited the traveller to review it.');
  });
});

describe('a release by the booking job', () => {
  const released = (why: string) =>
    wordingOf(status('deadline-passes', { ...booking, cancelMessage: why }));

  it('tells the organizer who did not answer in their person, and the chat neutrally', () => {
    const words = released(RELEASE_REASONS.unanswered);
    expect(words.forOrganizer).toBe(
      'You did not answer booking request #1 in time, so it was released and its seats are free again.',
    );
    expect(words.forChat).toBe(
      'Booking request #1 was released: it was not answered in time, so its seats are free again and nothing is due.',
    );
    expect(words.forTraveller).toContain('The organizer did not answer in time, so the seats');
  });

  it('greets a guest booking’s address without the name typed with it; an account’s by name', () => {
    const traveller = (row: RequestRow) =>
      emails(status('deadline-passes', { ...row, cancelMessage: RELEASE_REASONS.unpaid })).find(
        (mail) => mail.recipient === booking.contactEmail,
      )!;
    expect(traveller({ ...booking, userId: null }).body).toMatch(/^Hello,\n/);
    expect(traveller({ ...booking, userId: 7 }).body).toMatch(/^Hello Alex Morgan,\n/);
  });

  it('words an unpaid release for each side', () => {
    const words = released(RELEASE_REASONS.unpaid);
    expect(words.forOrganizer).toBe(
      'Booking #1 was released: no payment reached us in time, so its seats are free again.',
    );
    expect(words.forChat).toBe(
      'Booking #1 was released: no payment arrived in time, so its seats are free again.',
    );
  });
});

describe("a traveller's cancellation of a paid booking", () => {
  const paid = { ...booking, status: 3, paid: 123_400 };
  const notice = status('traveller-cancels', paid, 61_700);

  it('tells the organizer what the traveller gets back and what the organizer keeps', () => {
    const mail = to(notice, 'organizer-booking-notice');
    expect(mail.body).toContain(
      'The traveller cancelled booking #1; its seats were released. By the cancellation policy accepted at booking, US$617 of the US$1,234 paid is refunded to the card. You keep US$617.',
    );
    expect(mail.body).toContain(
      'The cancellation policy accepted at booking:\n- 30 days or more before the start: the traveller gets everything paid back, you keep nothing\n- 14–29 days before the start: the traveller gets 50% of what was paid back, you keep 50%\n- Less than 14 days before the start: no refund, you keep everything paid',
    );
    expect(mail.body).not.toContain('what you paid back');
  });

  it('keeps the traveller’s own words of the policy in the traveller’s e-mail', () => {
    const mail = to(notice, 'booking-canceled');
    expect(mail.body).toContain('30 days or more before the start: 100% of what you paid back');
    expect(mail.body).toContain('refunds reach most cards within 5–10 days.');
  });

  it('tells support and the chat neutrally', () => {
    const words = wordingOf(notice);
    expect(words.forChat).toContain('The organizer keeps US$617.');
    expect(to(notice, 'support-booking-notice').body).toMatch(
      /^The traveller cancelled booking #1; .* The organizer keeps US\$617\./,
    );
    // The policy in support's words too, not the traveller's ("what you paid back").
    const support = to(notice, 'support-booking-notice').body;
    expect(support).toContain(
      'The cancellation policy accepted at booking:\n- 30 days or more before the start: the traveller gets everything paid back, the organizer keeps nothing\n- 14–29 days before the start: the traveller gets 50% of what was paid back, the organizer keeps 50%\n- Less than 14 days before the start: no refund, the organizer keeps everything paid',
    );
    expect(support).not.toContain('what you paid back');
  });
});

describe('a rider change', () => {
  const before = rider({ weight: 104, riderLevel: 2 });
  const notice: Notice = {
    kind: 'riders',
    booking,
    changes: {
      added: [rider({ firstName: 'Ava', lastName: 'Hart', birthday: '2000-01-05', weight: 60 })],
      removed: [rider({ firstName: 'Sam', lastName: 'Poe' })],
      edited: [{ before, after: { ...before, weight: 85 } }],
      maxRiderWeightKg: 95,
      firstDay: '2027-01-05',
    },
  };

  it('counts riders in the singular and names them, for everyone', () => {
    const words = wordingOf(notice);
    expect(words.forChat).toBe(
      'The riders of booking #1 changed (1 rider added: Ava Hart; 1 rider removed: Sam Poe; 1 rider updated: Jordan Lee). It is now for 2 riders, US$1,234 in total.',
    );
    expect(words.forTraveller).not.toContain('(s)');
    // A weight is shared only with the organizer.
    expect(words.forChat).not.toContain('kg');
    expect(words.forTraveller).not.toContain('kg');
  });

  it('tells the organizer what changed: who came, who left, and a new weight', () => {
    const mail = to(notice, 'organizer-booking-notice');
    expect(mail.body).toContain(
      'Added:\n- Ava Hart: aged 27 on the first day, level not given, 60\u00a0kg (132\u00a0lb), a standard horse',
    );
    expect(mail.body).toContain('Removed:\n- Sam Poe');
    expect(mail.body).toContain(
      'Updated:\n- Jordan Lee: weight 104\u00a0kg → 85\u00a0kg (229\u00a0lb → 187\u00a0lb), now a standard horse',
    );
  });

  it('writes the old weight as the new one: to the tenth it is kept to', () => {
    const heavier = { ...before, weight: 95.4 };
    const mail = to(
      { ...notice, changes: { ...notice.changes, edited: [{ before: heavier, after: before }] } },
      'organizer-booking-notice',
    );
    expect(mail.body).toContain(
      '- Jordan Lee: weight 95.4\u00a0kg → 104\u00a0kg (210\u00a0lb → 229\u00a0lb)',
    );
  });

  it('counts several riders in the plural', () => {
    const two = wordingOf({
      ...notice,
      changes: {
        ...notice.changes,
        added: [rider(), rider({ firstName: 'Ava' })],
        removed: [],
        edited: [],
      },
    });
    expect(two.forChat).toContain('(2 riders added: Jordan Lee, Ava Lee)');
  });
});

describe('a payment', () => {
  it('leaves the organizer out when the meeting e-mail already told it', () => {
    const notice = status('payment-arrives', { ...booking, status: 3, paid: 40_000 });
    const sent = emailsOf(notice, wordingOf(notice), facts, {
      publicUrl: 'https://gallop.example',
      organizerTold: true,
    });
    expect(sent.filter((mail) => mail.kind === 'organizer-booking-notice')).toEqual([]);
    expect(to(notice, 'organizer-booking-notice').body).toContain(
      'The traveller paid booking #1: US$400 of US$1,234 is paid.',
    );
  });
});

describe('a date called off as a whole (decision 148)', () => {
  const date = { id: 77, startDate: '2027-03-14', decisionDate: '2027-02-21' };
  const byOrganizer: DateCallOff = {
    cause: 'organizer',
    reason: 'The guides are not available.',
    date,
  };
  const byDecisionDay: DateCallOff = {
    cause: 'decision-day',
    reason: undecidedDateReason('2027-02-21'),
    date,
  };
  const told = (notice: Notice, calledOff: DateCallOff) =>
    emailsOf(notice, wordingOf(notice, calledOff), facts, {
      publicUrl: 'https://gallop.example',
      organizerTold: false,
      calledOff,
    });
  const declined = { ...booking, status: 6, cancelMessage: byOrganizer.reason };

  it('tells the traveller the organizer cancelled the date, with the reason, and nothing is charged', () => {
    const sent = told(status('organizer-declines', declined), byOrganizer);
    // The organizer's one e-mail names every booking (`tellDateCalledOff`); none per booking.
    expect(sent.map((mail) => mail.kind)).toEqual(['date-cancelled']);
    expect(sent[0]!.subject).toBe(
      'Your ride on 14 March 2027 is cancelled (booking #1): Riding the Hidden Castile and León',
    );
    expect(sent[0]!.body).toContain(
      'The organizer cancelled the ride on 14 March 2027: the date does not run, so booking #1 is cancelled. Reason: The guides are not available. Nothing was paid, so nothing is charged.',
    );
    expect(sent[0]!.body).not.toContain('could not accept');
    expect(sent[0]!.payload).toMatchObject({ requestId: 1, tourDateId: 77 });
    expect(wordingOf(status('organizer-declines', declined), byOrganizer).forChat).toBe(
      'The organizer cancelled the ride on 14 March 2027: the date does not run, so booking #1 is cancelled. Reason: The guides are not available. Nothing was paid, so nothing is charged.',
    );
  });

  it('tells a paid traveller everything is refunded, and support hears of it', () => {
    const paid = { ...booking, status: 6, paid: 40_000, refunded: 40_000 };
    const sent = told(status('organizer-cancels', paid, 40_000), byOrganizer);
    expect(sent.map((mail) => mail.kind)).toEqual(['date-cancelled', 'support-booking-notice']);
    expect(sent[0]!.body).toContain(
      'Reason: The guides are not available. All US$400 paid is refunded to the card; refunds reach most cards within 5–10 days.',
    );
  });

  it('tells the decision day’s call-off as the date not confirmed by it', () => {
    const released = { ...booking, status: 7, cancelMessage: byDecisionDay.reason };
    const sent = told(status('deadline-passes', released), byDecisionDay);
    expect(sent.map((mail) => mail.kind)).toEqual(['date-cancelled']);
    expect(sent[0]!.subject).toContain('Your ride on 14 March 2027 does not run (booking #1)');
    expect(sent[0]!.body).toContain(
      'The organizer did not confirm the date by 21 February 2027, its decision day, so the ride on 14 March 2027 does not run and booking #1 is cancelled. Nothing was paid, so nothing is charged.',
    );
  });

  it('names every booking ended in the organizer’s one e-mail', () => {
    const ended = [
      { booking: { ...declined, id: 4 }, ended: 'declined', refunded: 0 },
      {
        booking: { ...booking, id: 5, status: 6, paid: 40_000 },
        ended: 'cancelled',
        refunded: 40_000,
      },
    ] as const;
    const text = organizerCalledOffText(byOrganizer, ended, 'https://gallop.example');
    expect(text.subject).toBe('You cancelled the ride on 14 March 2027');
    expect(text.body).toBe(
      [
        'You cancelled the ride on 14 March 2027, so it does not run and takes no more bookings. Each traveller booked on it is told, with your reason: The guides are not available.',
        '',
        'Bookings ended (2 bookings):',
        '- #4 Alex Morgan, 2 riders: declined, nothing was paid, nothing is charged https://gallop.example/partner/bookings/4',
        '- #5 Alex Morgan, 2 riders: cancelled, all US$400 paid is refunded https://gallop.example/partner/bookings/5',
      ].join('\n'),
    );
    const job = organizerCalledOffText(byDecisionDay, [], 'https://gallop.example');
    expect(job.subject).toBe('The ride on 14 March 2027 does not run');
    expect(job.body).toBe(
      'You did not confirm the ride on 14 March 2027 by its decision day, 21 February 2027, so it does not run and takes no more bookings. Each traveller booked on it is told.\n\nNobody was booked on it.',
    );
  });
});

describe('riders added to a paid booking (decision 192)', () => {
  const rider = (firstName: string): RiderFacts => ({
    firstName,
    middleName: null,
    lastName: 'Hart',
    birthday: null,
    weight: null,
    riderLevel: null,
    rides: true,
  });
  const paid = { ...booking, status: 3, seats: 1, price: 61_700, paid: 18_500 } as RequestRow;

  it("names what is due for them and until when, in each reader's words", () => {
    const words = wordingOf({
      kind: 'riders',
      booking: { ...paid, status: 2, seats: 2, price: 123_400, prepayment: 37_000 } as RequestRow,
      changes: {
        added: [rider('Ava')],
        removed: [],
        edited: [],
        maxRiderWeightKg: 95,
        firstDay: undefined,
        addedRiders: { due: 18_500, by: new Date('2026-12-10T09:30:00Z') },
      },
    });
    expect(words.forTraveller).toContain(
      'pay what is due for them, US$185, by 10 December 2026, 09:30 UTC. Unpaid, they are removed',
    );
    expect(words.forOrganizer).toContain('The traveller is asked to pay what is due');
    expect(words.forChat).toContain('US$185 is due for the added riders by 10 December 2026');
  });

  it('tells their release once per reader, one rider or several', () => {
    const one = wordingOf({
      kind: 'unpaid-riders-released',
      booking: paid,
      removed: [rider('Ava')],
    });
    expect(one.forTraveller).toBe(
      'What was due for the rider added to booking #1 (Ava Hart) was not paid in time, so the rider was removed and their place released. The riders already paid for keep their places: the booking is now for 1 rider, US$617 in total, US$185 paid. To bring the rider back, add them again while places are free.',
    );
    expect(one.forOrganizer).toContain('so the rider was removed and their place is free again.');
    const two = wordingOf({
      kind: 'unpaid-riders-released',
      booking: paid,
      removed: [rider('Ava'), rider('Lee')],
    });
    expect(two.forChat).toBe(
      'What was due for the 2 riders added to booking #1 (Ava Hart, Lee Hart) was not paid in time, so they were removed and their places released. The booking is now for 1 rider, US$617 in total, US$185 paid.',
    );
    const mails = emails({
      kind: 'unpaid-riders-released',
      booking: paid,
      removed: [rider('Ava')],
    });
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([
      ['booking-riders-released', 'alex@example.com'],
      ['organizer-booking-notice', 'trails@example.com'],
    ]);
  });
});
