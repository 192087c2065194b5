import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tourSummary } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { ReviewInvitation } from '../../api';
import { ReviewPage } from './review-page';

const UUID = '5b0b7c1e-4a52-4c0e-9a53-2f1c1a0d2e11';
const invitation: ReviewInvitation = { uuid: UUID, tour: tourSummary(), submitted: false };

/** The review API: records what was submitted and answers the published review. */
function reviewApi() {
  const submitted: unknown[] = [];
  const fetch = async (request: Request) => {
    if (new URL(request.url).pathname === '/crm/api/review/submit') {
      const body = (await request.json()) as { rating: number; text: string };
      submitted.push(body);
      return Response.json({
        id: 7,
        tour_id: 99,
        rating: body.rating,
        text: body.text,
        author_name: 'Maya H.',
        created_at: '2026-11-24T10:00:00Z',
      });
    }
    return Response.json({ message: 'Not found' }, { status: 404 });
  };
  return { fetch, submitted };
}

describe('ReviewPage', () => {
  it('asks for a rating and a text, then publishes and thanks the traveller', async () => {
    const api = reviewApi();
    await renderInApp(<ReviewPage invitation={invitation} />, { fetch: api.fetch });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How was your ride?' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect((await screen.findAllByText('Required field')).length).toBe(2);
    expect(api.submitted).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'Excellent' }));
    fireEvent.change(screen.getByLabelText('Your review'), {
      target: { value: 'Gentle horses and a guide who knew every trail.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your review' }),
    ).toBeTruthy();
    expect(api.submitted).toEqual([
      { uuid: UUID, rating: 5, text: 'Gentle horses and a guide who knew every trail.' },
    ]);
    expect(screen.getByText('Published as Maya H.', { exact: false })).toBeTruthy();
  });
});
