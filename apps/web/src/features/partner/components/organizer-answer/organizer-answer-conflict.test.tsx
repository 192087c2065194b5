import { operationKeys } from '@gallop/api-client/query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { OrganizerBooking, OrganizerBookingListItem } from '../../api';
import { organizerBookingFixture } from '../../testing/request-fixture';
import { OrganizerAnswerCard } from './organizer-answer';

const CANCELLED = 'This booking was cancelled by the traveller';

/**
 * The organizer answers while the traveller acts (the API's organizer-traveller-races test): the
 * answer is refused (409) because the traveller cancelled first. The booking is read again, and
 * so are the area's lists, which still show the request as waiting for an answer: back on
 * /partner/bookings within the lists' minute of freshness, the organizer would see a stale row.
 */
describe('OrganizerAnswerCard: an answer refused because the traveller got there first', () => {
  it('reads the booking and the lists again after the 409', async () => {
    let current: OrganizerBooking = organizerBookingFixture({ status: 1 });
    const fetch = async (request: Request): Promise<Response> => {
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname === '/crm/api/partner/booking') {
        return Response.json(current);
      }
      // The traveller cancelled just before the organizer's click reached the server.
      current = { ...current, status: 5, can_confirm: false, can_decline: false };
      return Response.json({ message: CANCELLED }, { status: 409 });
    };
    const { queryClient } = await renderInApp(<OrganizerAnswerCard bookingId={current.id} />, {
      fetch,
    });
    // The area's lists, loaded earlier with the request waiting.
    const waitingItem = { id: current.id, status: 1 } as OrganizerBookingListItem;
    const listKey = [...operationKeys.listOrganizerBookings, { query: { status: 'waiting' } }];
    queryClient.setQueryData(listKey, {
      items: [waitingItem],
      pagination: { page: 1, per_page: 100, total: 1, page_count: 1 },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    // The refusal shows until the booking is read again; the chat's card then leaves, as it does
    // for any booking with nothing left to answer (how long it shows depends on the machine, so
    // it is not asserted here: the API's answer is the test's 409).
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull(),
    );
    expect(current.status).toBe(5);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });
});
