import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { areaApi } from '../../testing/area-api';
import { organizerBookingFixture } from '../../testing/request-fixture';
import { OrganizerAnswerCard } from './organizer-answer';

describe('OrganizerAnswerCard (the booking card in the organizer’s chat)', () => {
  it('confirms a waiting request from the card, then offers what the new state allows', async () => {
    const api = areaApi(organizerBookingFixture({ status: 1 }));
    await renderInApp(<OrganizerAnswerCard bookingId={4821} />, { fetch: api.fetch });
    const panel = await screen.findByRole('region', { name: 'Your answer to booking #4821' });
    expect(panel).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your answer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() =>
      expect(api.posts.map((post) => post.path)).toEqual(['/crm/api/partner/booking/confirm']),
    );
    await screen.findByRole('button', { name: 'Cancel booking' });
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
  });

  it('declines from the card only with a reason', async () => {
    const api = areaApi(organizerBookingFixture({ status: 1 }));
    await renderInApp(<OrganizerAnswerCard bookingId={4821} />, { fetch: api.fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    fireEvent.change(screen.getByRole('textbox'), {
      target: { value: 'The horses rest that week' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Decline request' }));
    await waitFor(() =>
      expect(api.posts).toEqual([
        {
          path: '/crm/api/partner/booking/decline',
          body: { id: 4821, reason: 'The horses rest that week' },
        },
      ]),
    );
    // Declined: no answer is possible any more, and the compact card shows nothing.
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });

  it('shows nothing for a booking the member may not see', async () => {
    const fetch = async () => Response.json({ message: 'Not found' }, { status: 404 });
    const { container } = await renderInApp(<OrganizerAnswerCard bookingId={9} />, { fetch });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('.answer-panel')).toBeNull();
  });
});
