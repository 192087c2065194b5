import { describe, expect, it } from 'vitest';
import { cookieAlertDismissedCookie, visitorFromCookies } from './visitor';

describe('visitorFromCookies', () => {
  it('reads the stored currency and the cookie alert dismissal', () => {
    expect(visitorFromCookies('i18n_currency=eur; cookie_alert_dismissed=1')).toEqual({
      currencyChoice: 'EUR',
      cookieAlertDismissed: true,
      favouriteTourIds: [],
    });
  });

  it('knows nothing without cookies, or with an emptied or unknown currency', () => {
    for (const header of [undefined, '', 'i18n_currency=', 'i18n_currency=XYZ']) {
      expect(visitorFromCookies(header)).toEqual({
        currencyChoice: undefined,
        cookieAlertDismissed: false,
        favouriteTourIds: [],
      });
    }
  });

  it('reads the guest favourites so the first render shows them', () => {
    expect(visitorFromCookies('favorite_tours=12%2C7; i18n_currency=eur').favouriteTourIds).toEqual(
      [12, 7],
    );
  });

  it('reads the first 200 ids of a longer favourites cookie, written before the cap', () => {
    const ids = Array.from({ length: 320 }, (_, n) => 10_000_001 + n);
    const header = `currency=eur; favorite_tours=${ids.join('%2C')}; b=2`;
    expect(visitorFromCookies(header).favouriteTourIds).toEqual(ids.slice(0, 200));
  });
});

describe('cookieAlertDismissedCookie', () => {
  it('keeps the dismissal for 180 days on the whole site', () => {
    const cookie = cookieAlertDismissedCookie(true);
    expect(cookie).toContain('cookie_alert_dismissed=1');
    expect(cookie).toContain(`Max-Age=${180 * 24 * 60 * 60}`);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Secure');
  });
});
