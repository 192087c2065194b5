import { ApiError } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import {
  answerFailure,
  isActiveStatus,
  organizerMoney,
  organizerStatusLabel,
  outcomeText,
  readAnswerLink,
  refundSummary,
} from './answer';
import { validateAnswerLinkSearch } from './answer-link';

describe('readAnswerLink', () => {
  const read = (search: Record<string, unknown>) =>
    readAnswerLink(validateAnswerLinkSearch(search));

  it('reads the token, and opens the decline form only for the Decline link', () => {
    expect(read({ token: 'abc.def', answer: 'decline' })).toEqual({
      token: 'abc.def',
      suggested: 'decline',
    });
    expect(read({ token: 'abc.def', answer: 'confirm' }).suggested).toBe('confirm');
    expect(read({ answer: 'anything' })).toEqual({ token: '', suggested: 'confirm' });
    // A token the search parser read as a number is no token.
    expect(read({ token: 12 }).token).toBe('');
  });

  it('keeps only a token and one of the two answers in the address', () => {
    expect(validateAnswerLinkSearch({ token: 'abc', answer: 'maybe', utm_source: 'mail' })).toEqual(
      {
        token: 'abc',
      },
    );
    expect(validateAnswerLinkSearch({ token: '', answer: ['decline'] })).toEqual({});
  });
});

describe('outcomeText', () => {
  it('has a sentence for every status, the decline with its reason', () => {
    for (const status of [1, 2, 3, 4, 5, 6, 7, 8] as const) {
      expect(outcomeText({ status, decline_reason: null }).length).toBeGreaterThan(10);
    }
    expect(outcomeText({ status: 2, decline_reason: null })).toBe(
      'Confirmed: the traveller has been asked to pay.',
    );
    expect(outcomeText({ status: 6, decline_reason: 'Flooded river.' })).toBe(
      'Declined. The traveller has been told: Flooded river.',
    );
  });
});

describe('answerFailure', () => {
  it('tells a conflict, a refused reason and other failures apart', () => {
    expect(
      answerFailure(
        new ApiError({
          kind: 'http',
          status: 409,
          message: 'The time to answer this request has passed',
        }),
      ),
    ).toEqual({ kind: 'conflict', message: 'The time to answer this request has passed' });
    expect(
      answerFailure(
        new ApiError({
          kind: 'http',
          status: 422,
          message: 'Please tell the traveller why',
          errors: { reason: ['Required field'] },
        }),
      ),
    ).toEqual({ kind: 'reason', message: 'Required field' });
    expect(answerFailure(new Error('offline'))).toEqual({
      kind: 'other',
      message: 'Error. Please try again later',
    });
  });
});

describe('isActiveStatus', () => {
  it('holds for a request, a confirmed and a paid booking, not once it has ended', () => {
    const statuses = [1, 2, 3, 4, 5, 6, 7, 8] as const;
    expect(statuses.filter(isActiveStatus)).toEqual([1, 2, 3]);
  });
});

/**
 * Two riders at €1,000, a 30 % prepayment of €600. The prepayment tab is charged but Gallop has
 * not heard when the traveller pays the full €2,000 in a second tab: Gallop credits €600 + €1,400
 * (`paid` 2000) and gives the €600 excess back (`refunded` 600). Then the traveller cancels at
 * 50 %: €1,000 more goes back (`refunded` 1600) and the provider keeps €1,000.
 */
describe('what the organizer keeps after a payment beyond what was due', () => {
  const payment = (id: number, amount: number, refunded: number) => ({
    id,
    request_id: 7,
    status: 2 as const,
    amount,
    currency: 'EUR' as const,
    payment_type: id === 1 ? ('prepayment' as const) : ('full' as const),
    payment_method: 'card' as const,
    refunded,
  });

  it('says a prepaid booking Gallop counts paid in full is so, its excess given back', () => {
    // The booking as the API sends it: the €600 given back is in `refunded`, never in `paid`.
    const paidTwice = { status: 3 as const, price: 2000, paid: 2000, refunded: 600 };
    expect(organizerStatusLabel(paidTwice)).toBe('Paid in full');
    const prepaid = { ...paidTwice, paid: 600, refunded: 0 };
    expect(organizerStatusLabel(prepaid)).toBe('Prepaid');
  });

  it('keeps what the paid payments brought less everything given back', () => {
    expect(organizerMoney({ received: 2600, refunded: 1600 })).toEqual({
      received: 2600,
      refunded: 1600,
      kept: 1000,
    });
    expect(organizerMoney({ received: 2000, refunded: 2600 }).kept).toBe(0);
    expect(
      refundSummary({ payments: [payment(1, 600, 600), payment(2, 2000, 1000)], refunded: 1600 }),
    ).toEqual({ received: 2600, refunded: 1600, kept: 1000, toCard: true });
  });
});

/**
 * Each ended booking says what happened, as far as the reader has it: the booking's page has its
 * reasons (`decline_reason`, `cancel_message`) and its date, the list only its money.
 */
describe('organizerStatusLabel of an ended booking', () => {
  const page = {
    price: 959,
    paid: 0,
    decline_reason: null,
    cancel_message: null,
    departure: { cancelled: false },
  };

  it('names a guest’s unconfirmed e-mail, an unanswered request, no payment and an undecided date', () => {
    const released = (cancel_message: string) =>
      organizerStatusLabel({ ...page, status: 7, cancel_message });
    expect(released('The e-mail address was not confirmed in time')).toBe(
      'Released: the traveller did not confirm their e-mail in time',
    );
    expect(released('The organizer did not answer in time')).toBe(
      'Released: you did not answer in time',
    );
    expect(released('No payment reached us in time')).toBe('Released: not paid in time');
    expect(released('The organizer did not confirm the date by 12 March 2027')).toBe(
      'Released: you did not confirm the date by 12 March 2027',
    );
    // Words the web does not know yet are shown as the API gives them, never a guess.
    expect(released('The tour was withdrawn')).toBe('Released: The tour was withdrawn');
    // The list has no reason: it says only what is true of every release.
    expect(organizerStatusLabel({ status: 7, price: 959, paid: 0, received: 0 })).toBe(
      'Released: a deadline passed',
    );
  });

  it('tells the organizer’s decline, cancel and cancelled date apart', () => {
    const ended = (extra: object) => organizerStatusLabel({ ...page, status: 6, ...extra });
    expect(
      ended({ decline_reason: 'No horses that week', cancel_message: 'No horses that week' }),
    ).toBe('Declined by you');
    expect(ended({ cancel_message: 'A horse went lame' })).toBe('Cancelled by you');
    expect(ended({ cancel_message: 'Vet check', departure: { cancelled: true } })).toBe(
      'Cancelled by you; the date is cancelled',
    );
    expect(
      ended({
        decline_reason: 'Vet check',
        cancel_message: 'Vet check',
        departure: { cancelled: true },
      }),
    ).toBe('Declined by you; the date is cancelled');
  });

  it('in the list, calls a paid booking’s end a cancel, and says no more than it knows', () => {
    const listed = (received: number) =>
      organizerStatusLabel({ status: 6, price: 3200, paid: received, received });
    expect(listed(480)).toBe('Cancelled by you');
    expect(listed(0)).toBe('Declined or cancelled by you');
  });
});

describe('outcomeText of a cancel', () => {
  it('does not call the organizer’s cancel of a confirmed booking a decline', () => {
    expect(outcomeText({ status: 6, decline_reason: null })).toBe(
      'You cancelled this booking after confirming it. The traveller has been told, and the seats have been released.',
    );
    expect(outcomeText({ status: 7, decline_reason: null })).toMatch(/confirm their e-mail/u);
  });
});
