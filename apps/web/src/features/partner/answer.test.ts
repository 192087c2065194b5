import { ApiError } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import { answerFailure, formatMoment, isActiveStatus, outcomeText, readAnswerLink } from './answer';
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

describe('formatMoment', () => {
  it('prints UTC with the zone named, or the local time without it', () => {
    expect(formatMoment('2026-06-02T04:05:00.000Z', false)).toBe('04:05, 2 Jun 2026 UTC');
    const local = new Date('2026-06-02T04:05:00.000Z');
    expect(formatMoment('2026-06-02T04:05:00.000Z', true)).toBe(
      `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}, ${local.getDate()} Jun 2026`,
    );
    expect(formatMoment('soon', true)).toBeUndefined();
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
