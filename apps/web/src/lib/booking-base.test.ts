import { describe, expect, it } from 'vitest';
import { bookingBaseRewrite, bookingHref, bookingPathIn, bookingPathOut } from './booking-base';

describe('booking base', () => {
  it('maps the configured base to the booking routes and back', () => {
    expect(bookingPathIn('/trips/12', 'trips')).toBe('/booking/12');
    expect(bookingPathIn('/trips/pay/uuid/abc', 'trips')).toBe('/booking/pay/uuid/abc');
    expect(bookingPathIn('/trips', 'trips')).toBe('/booking');
    expect(bookingPathOut('/booking/qr/12', 'trips')).toBe('/trips/qr/12');
    expect(bookingPathOut('/booking', 'trips')).toBe('/trips');
  });

  it('leaves every other path alone, including look-alike prefixes', () => {
    expect(bookingPathIn('/tripsy/12', 'trips')).toBe('/tripsy/12');
    expect(bookingPathIn('/bookings', 'trips')).toBe('/bookings');
    expect(bookingPathOut('/bookings', 'trips')).toBe('/bookings');
    expect(bookingPathOut('/order/1/add-tourists', 'trips')).toBe('/order/1/add-tourists');
    expect(bookingPathIn('/booking/12', 'booking')).toBe('/booking/12');
    expect(bookingPathOut('/booking/12', 'booking')).toBe('/booking/12');
  });

  it('is a router rewrite that reads the base on every call', () => {
    let base = 'booking';
    const rewrite = bookingBaseRewrite(() => base);
    expect(rewrite.input?.({ url: new URL('http://x.test/trips/12?a=1') })).toBeUndefined();
    base = 'trips';
    const inward = rewrite.input?.({ url: new URL('http://x.test/trips/12?a=1') }) as URL;
    expect(inward.pathname + inward.search).toBe('/booking/12?a=1');
    const outward = rewrite.output?.({ url: new URL('http://x.test/booking/new?tour=7') }) as URL;
    expect(outward.pathname + outward.search).toBe('/trips/new?tour=7');
    expect(rewrite.output?.({ url: new URL('http://x.test/login') })).toBeUndefined();
  });

  it('builds hand-made booking links under the base, keeping query and hash', () => {
    expect(bookingHref('/booking/new?tour=7&date=2', 'trips')).toBe('/trips/new?tour=7&date=2');
    expect(bookingHref('/booking/12#pay', 'trips')).toBe('/trips/12#pay');
    expect(bookingHref('/booking/new?tour=7', undefined)).toBe('/booking/new?tour=7');
  });
});
