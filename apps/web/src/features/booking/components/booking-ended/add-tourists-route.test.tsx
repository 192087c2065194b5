// @vitest-environment node
/**
 * The add-riders page through the app's real router, rendered by the server with a stand-in API:
 * a booking whose riders can no longer change (`tourists-info` answers 410) says why, as the
 * arrival link does, not the generic 410 page of a tour whose dates have passed (decision 199).
 */
import type { components } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import { render } from '../../../../entry-server';
import { bookedTourDate, bookingRequest } from '../../../../lib/testing/booking-request';
import { fakeAnswers, tourSummary } from '../../../../lib/testing/fake-api';

type BookingRequest = components['schemas']['BookingRequest'];

const UUID = '3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60';
const CANCELLED = 'This booking was cancelled, so riders can no longer be added';
const CANNOT_CHANGE = 'This booking can no longer be changed';
const GENERIC_GONE = 'because the tour dates have passed';

const booking = bookingRequest(UUID);

const touristsInfo = {
  uuid: UUID,
  request_id: 812,
  tour: tourSummary(),
  tourists: [{ id: 1, full_name: 'Alex Morgan', can_edit: true, can_delete: false }],
  max_tourists: 4,
};

interface Answers {
  /** `tourists-info`'s 410 message, or undefined for its 200. */
  gone?: string;
  /** `get-by-uuid`'s booking, or undefined for its 404. */
  byUuid?: BookingRequest;
}

/** The page's heading: the API's message also travels in the page's data, so not just any text. */
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

async function addRidersPage({ gone, byUuid }: Answers, requestId = 812) {
  const seen: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    seen.push(path);
    if (path === '/spa/tourists-info') {
      return gone ? Response.json({ message: gone }, { status: 410 }) : Response.json(touristsInfo);
    }
    const answer = path === '/crm/api/request/get-by-uuid' ? byUuid : fakeAnswers[path];
    if (answer === undefined) return Response.json({ message: 'Not found' }, { status: 404 });
    return Response.json(answer);
  };
  const response = await render({
    request: new Request(`http://127.0.0.1/order/${requestId}/add-tourists?uuid=${UUID}`),
    manifest: { routes: {} },
    site: { organizerUrl: 'https://partners.example.test' },
    apiFetch: fetch,
  });
  return { response, html: await response.text(), seen };
}

describe('the add-riders page of a booking that can no longer change (server)', () => {
  it('opens for a booking whose riders can change, without reading the booking', async () => {
    const { response, html, seen } = await addRidersPage({});
    expect(response.status).toBe(200);
    expect(html).toContain('Alex Morgan');
    expect(seen).not.toContain('/crm/api/request/get-by-uuid');
  });

  it.each([5, 6, 7, 8])('a cancelled booking (status %i) answers 410 saying so', async (status) => {
    const { response, html } = await addRidersPage({
      gone: CANCELLED,
      byUuid: { ...booking, status } as BookingRequest,
    });
    expect(response.status).toBe(410);
    expect(heading(html)).toBe('This booking was cancelled');
    expect(html).toContain('riders can no longer be added');
    expect(html).toContain(`href="/${booking.tour.slug}"`);
    expect(html).toContain(`href="/booking/uuid/${UUID}"`);
    expect(html).toContain('Open your booking');
    expect(html).not.toContain(GENERIC_GONE);
  });

  it('answers 410 once the tour has begun', async () => {
    const { response, html } = await addRidersPage({
      gone: CANNOT_CHANGE,
      byUuid: { ...booking, tour_date: bookedTourDate('2020-06-01', '2020-06-08') },
    });
    expect(response.status).toBe(410);
    expect(heading(html)).toBe('This tour has already started');
    expect(html).toContain('riders can no longer be added');
    expect(html).not.toContain(GENERIC_GONE);
  });

  it('answers 410 for a tour that took place', async () => {
    const { response, html } = await addRidersPage({
      gone: CANNOT_CHANGE,
      byUuid: { ...booking, status: 4, tour_date: bookedTourDate('2020-06-01', '2020-06-08') },
    });
    expect(response.status).toBe(410);
    expect(heading(html)).toBe('This tour has already taken place');
  });

  it("trusts the API's 410 of an active booking whose date the browser finds ahead", async () => {
    const { response, html } = await addRidersPage({ gone: CANNOT_CHANGE, byUuid: booking });
    expect(response.status).toBe(410);
    expect(heading(html)).toBe('This tour has already started');
  });

  it('keeps the 404 of a link for another booking', async () => {
    const { response } = await addRidersPage({ gone: CANCELLED, byUuid: booking }, 813);
    expect(response.status).toBe(404);
  });

  it('keeps the 410 when the booking cannot be read', async () => {
    const { response, html } = await addRidersPage({ gone: CANCELLED });
    expect(response.status).toBe(410);
    expect(html).toContain(GENERIC_GONE);
    expect(html).not.toContain('Open your booking');
  });
});
