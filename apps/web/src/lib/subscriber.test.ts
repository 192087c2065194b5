import { describe, expect, it } from 'vitest';
import { subscriberIdCookie, subscriberIdFromCookies } from './subscriber';

describe('subscriberIdFromCookies', () => {
  it('reads the stored subscriber id', () => {
    expect(subscriberIdFromCookies('a=1; subscriber_id=4f1c-77; b=2')).toBe('4f1c-77');
  });

  it('knows none without the cookie, with an empty one, or with one the API would refuse', () => {
    for (const header of [
      undefined,
      null,
      '',
      'subscriber_id=',
      `subscriber_id=${'x'.repeat(65)}`,
    ]) {
      expect(subscriberIdFromCookies(header)).toBeUndefined();
    }
  });
});

describe('subscriberIdCookie', () => {
  it('keeps the id for 15552000 s on the whole site', () => {
    expect(subscriberIdCookie('4f1c-77', false)).toBe(
      'subscriber_id=4f1c-77; Max-Age=15552000; Path=/; SameSite=Lax',
    );
    expect(subscriberIdCookie('4f1c-77', true)).toContain('; Secure');
  });
});
