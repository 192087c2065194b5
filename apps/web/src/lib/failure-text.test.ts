import { ApiError } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import { distinctTexts, failureText } from './failure-text';

const refusal = (message: string, errors: Record<string, string[]>) =>
  new ApiError({ kind: 'http', status: 422, message, errors });

describe('failureText', () => {
  it('says a reason the server gives as message and field detail once', () => {
    expect(failureText(refusal('Invalid code', { code: ['Invalid code'] }))).toBe('Invalid code');
    expect(failureText(refusal('Wrong password', { password: ['Wrong password'] }))).toBe(
      'Wrong password',
    );
  });

  it('says an upload refusal once, and keeps details that add something', () => {
    const tooBig = 'The file is larger than 20 MB';
    expect(failureText(refusal(tooBig, { file: [tooBig] }))).toBe(tooBig);
    expect(
      failureText(refusal('Please check the form', { email: ['Taken'], phone: ['Taken'] })),
    ).toBe('Please check the form Taken');
  });

  it('keeps the defaults for other failures', () => {
    expect(failureText(new Error('boom'))).toBe('Error. Please try again later');
    expect(failureText(new ApiError({ kind: 'network', message: 'Network error' }))).toBe(
      'Network error',
    );
  });
});

describe('distinctTexts', () => {
  it('drops empty and repeated texts, in order', () => {
    expect(distinctTexts(['A', undefined, ' ', 'B', 'A ', 'C'])).toEqual(['A', 'B', 'C']);
  });
});
