import { ApiError } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import { helpRequestBody, helpRequestProblems, lastRequestIdFromCookies } from './api';

const values = { name: '', email: '', phone: '', message: 'A week in Iceland' };

describe('helpRequestBody', () => {
  it('trims, leaves out empty optional fields and compacts the phone', () => {
    expect(
      helpRequestBody({
        name: '  Ana ',
        email: ' ana@example.com ',
        phone: '+1 (415) 555-0134',
        message: '  Two riders, July.  ',
      }),
    ).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      phone: '+14155550134',
      message: 'Two riders, July.',
    });
    expect(helpRequestBody(values)).toEqual({ message: 'A week in Iceland' });
  });

  it('adds the tour and the last booking request when there are any', () => {
    expect(helpRequestBody(values, { tourId: 99, requestId: 41 })).toEqual({
      message: 'A week in Iceland',
      tour_id: 99,
      request_id: 41,
    });
  });
});

describe('lastRequestIdFromCookies', () => {
  it('reads a positive integer id, and nothing else', () => {
    expect(lastRequestIdFromCookies('a=1; last_request_id=41')).toBe(41);
    expect(lastRequestIdFromCookies('last_request_id=abc')).toBeUndefined();
    expect(lastRequestIdFromCookies('last_request_id=0')).toBeUndefined();
    expect(lastRequestIdFromCookies('last_request_id=99999999999')).toBeUndefined();
    expect(lastRequestIdFromCookies('')).toBeUndefined();
    expect(lastRequestIdFromCookies(undefined)).toBeUndefined();
  });
});

describe('helpRequestProblems', () => {
  it('puts a 422’s details on the form’s fields and the rest in the message', () => {
    const error = new ApiError({
      kind: 'http',
      status: 422,
      message: 'Tour not found',
      errors: { email: ['Required field', 'Second'], tour_id: ['No such tour'] },
    });
    expect(helpRequestProblems(error, 'ignored')).toEqual({
      fields: { email: 'Required field' },
      message: 'Tour not found No such tour',
    });
  });

  it('keeps the failure text for anything but a 422', () => {
    const error = new ApiError({ kind: 'captcha', status: 429, message: 'Too many' });
    expect(helpRequestProblems(error, 'Try later')).toEqual({ fields: {}, message: 'Try later' });
    expect(helpRequestProblems(undefined, undefined)).toEqual({ fields: {}, message: undefined });
  });
});
