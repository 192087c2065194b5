import { describe, expect, it } from 'vitest';
import { keepDatesWhole, keepShortHyphenatedWhole } from './line-breaks';

describe('keepShortHyphenatedWhole', () => {
  it('joins a one-character stem to the rest of its word', () => {
    expect(keepShortHyphenatedWhole('on its way to your e-mail. Secured by 3-D Secure.')).toBe(
      'on its way to your e\u2011mail. Secured by 3\u2011D Secure.',
    );
  });

  it('leaves longer compounds free to break at their hyphen', () => {
    expect(keepShortHyphenatedWhole('a well-known sure-footed horse')).toBe(
      'a well-known sure-footed horse',
    );
  });
});

describe('keepDatesWhole', () => {
  it('keeps each date of a range whole, the dash free to break', () => {
    expect(keepDatesWhole('25 Mar – 4 Apr 2027')).toBe('25\u00a0Mar – 4\u00a0Apr\u00a02027');
    expect(keepDatesWhole('30 May – 6 June 2027')).toBe('30\u00a0May – 6\u00a0June\u00a02027');
    expect(keepDatesWhole('15–24 Dec 2026')).toBe('15–24\u00a0Dec\u00a02026');
  });

  it('leaves counts and other words alone', () => {
    expect(keepDatesWhole('2 riders, 12 days')).toBe('2 riders, 12 days');
  });
});
