// @vitest-environment node
/**
 * The arrival page through the app's real router, rendered by the server with a stand-in API: a
 * booking that can no longer change answers 410 with why, not a form whose save is refused.
 */
import type { components } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import { render } from '../../entry-server';
import { bookedTourDate, bookingRequest } from '../../lib/testing/booking-request';
import { createFakeApi, fakeAnswers } from '../../lib/testing/fake-api';
import { arrivalEndReason } from './ended';

const UUID = '3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60';
const SIGNED_IN = 'auth_token=access-1; auth_refresh_token=refresh-1; gallop_signed_in=1';

const booking = bookingRequest(UUID);

const arrivalInfo = { request_id: 812, tourists: [{ tourist_id: 1, name: 'Alex Morgan' }] };

async function arrivalPage(
  answer: components['schemas']['BookingRequest'],
  { signedIn = true } = {},
) {
  const api = createFakeApi({
    ...fakeAnswers,
    '/crm/api/user/profile': { id: 41, first_name: 'Alex', last_name: 'Morgan', email: 'a@x.y' },
    '/crm/api/request/get-by-uuid': answer,
    '/crm/api/request/arrival-info': arrivalInfo,
  });
  const response = await render({
    request: new Request(`http://127.0.0.1/arrival/${UUID}`, {
      headers: signedIn ? { cookie: SIGNED_IN } : {},
    }),
    manifest: { routes: {} },
    site: { organizerUrl: 'https://partners.example.test', features: { arrival: true } },
    apiFetch: api.fetch,
  });
  const paths = api.seen.map((request) => new URL(request.url).pathname);
  return { response, html: await response.text(), paths };
}

describe('the arrival page of a booking that can no longer change (server)', () => {
  it('shows the form of an active booking whose tour is ahead', async () => {
    const { response, html } = await arrivalPage(booking);
    expect(response.status).toBe(200);
    expect(html).toContain('Save details');
  });

  it.each([
    [5, 'This booking was cancelled'],
    [6, 'This booking was cancelled'],
    [4, 'This tour has already taken place'],
  ] as const)('status %i answers 410: %s, without the form', async (status, title) => {
    for (const signedIn of [true, false]) {
      const { response, html, paths } = await arrivalPage({ ...booking, status }, { signedIn });
      expect(response.status).toBe(410);
      expect(html).toContain(title);
      expect(html).toContain('arrival and departure details can no longer be changed');
      expect(html).toContain(`href="/booking/uuid/${UUID}"`);
      expect(html).not.toContain('Save details');
      expect(html).not.toContain('to add how your riders arrive and leave');
      expect(paths).not.toContain('/crm/api/request/arrival-info');
    }
  });

  it('answers 410 once the tour has begun', async () => {
    const { response, html } = await arrivalPage({
      ...booking,
      tour_date: bookedTourDate('2020-06-01', '2020-06-08'),
    });
    expect(response.status).toBe(410);
    expect(html).toContain('This tour has already started');
    expect(html).not.toContain('Save details');
  });
});

describe('arrivalEndReason', () => {
  const dated = (start: string) => ({
    status: 2 as const,
    tour_date: bookedTourDate(start, start),
  });

  it("follows the API's save rule: active and the date still ahead", () => {
    expect(arrivalEndReason(dated('2026-12-08'), '2026-12-07')).toBeUndefined();
    // A date that starts today is no longer ahead.
    expect(arrivalEndReason(dated('2026-12-07'), '2026-12-07')).toBe('started');
    // A booking without a date (an individual tour) stays open while active.
    expect(arrivalEndReason({ status: 1 }, '2026-12-07')).toBeUndefined();
    expect(arrivalEndReason({ status: 7 }, '2026-12-07')).toBe('cancelled');
    expect(arrivalEndReason({ status: 8 }, '2026-12-07')).toBe('cancelled');
  });
});
