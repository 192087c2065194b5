import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { tourSummary } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { clientAnswering } from '../../../../lib/testing/api-client';
import { loadReviewInvitation, reviewInvitationQuery, type ReviewInvitation } from '../../api';
import { REVIEW_PHOTO_LIMIT } from '../../photos';
import { ReviewNotYetNotice, ReviewPage, ReviewUnavailable } from './review-page';

const UUID = '5b0b7c1e-4a52-4c0e-9a53-2f1c1a0d2e11';
const invitation: ReviewInvitation = { uuid: UUID, tour: tourSummary(), submitted: false };

/**
 * The review API: records what was submitted, uploaded and deleted; answers the published
 * review and each upload with the next photo id.
 */
function reviewApi() {
  const submitted: unknown[] = [];
  const uploaded: string[] = [];
  const deleted: Array<{ id: unknown; token: string | null }> = [];
  let nextPhotoId = 70;
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    switch (url.pathname) {
      case '/crm/api/review/submit': {
        const body = (await request.json()) as { rating: number; text: string };
        submitted.push(body);
        return Response.json({
          id: 7,
          tour_id: 99,
          rating: body.rating,
          text: body.text,
          author_name: 'Maya H.',
          created_at: '2026-11-24T10:00:00Z',
          is_verified: true,
        });
      }
      case '/spa/upload-review-image': {
        const file = (await request.formData()).get('file') as File;
        uploaded.push(file.name);
        const id = nextPhotoId++;
        return Response.json({
          id,
          token: `token-${id}`,
          image: { id, image: `/media/uploads/${id}/{{size}}.jpg` },
        });
      }
      case '/spa/delete-image': {
        const body = (await request.json()) as { id: number };
        deleted.push({ id: body.id, token: url.searchParams.get('token') });
        return Response.json({ result: true });
      }
      default:
        return Response.json({ message: 'Not found' }, { status: 404 });
    }
  };
  return { fetch, submitted, uploaded, deleted };
}

const photoInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const jpeg = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });

async function choose(files: File[]) {
  await act(async () => {
    fireEvent.change(photoInput(), { target: { files } });
  });
}

async function rateAndDescribe() {
  fireEvent.click(screen.getByRole('radio', { name: 'Excellent' }));
  fireEvent.change(screen.getByLabelText('Your review'), {
    target: { value: 'Gentle horses and a guide who knew every trail.' },
  });
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

    await rateAndDescribe();
    fireEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your review' }),
    ).toBeTruthy();
    // No photos chosen: the review goes without `image_ids`.
    expect(api.submitted).toEqual([
      { uuid: UUID, rating: 5, text: 'Gentle horses and a guide who knew every trail.' },
    ]);
    expect(screen.getByText('Published as Maya H.', { exact: false })).toBeTruthy();
  });

  it('brings the thank-you heading into view and focuses it once the review is published', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      await renderInApp(<ReviewPage invitation={invitation} />, { fetch: reviewApi().fetch });
      await screen.findByRole('heading', { level: 1, name: 'How was your ride?' });
      await rateAndDescribe();
      const publish = screen.getByRole('button', { name: 'Publish review' });
      publish.focus();
      fireEvent.click(publish);
      const thanks = await screen.findByRole('heading', {
        level: 1,
        name: 'Thank you for your review',
      });
      // The button is gone: focus must not fall back to the page body.
      await waitFor(() => expect(thanks).toHaveFocus());
      // Into view: the card that opens with the heading.
      expect(scrolled.some((element) => element.firstElementChild === thanks)).toBe(true);
    } finally {
      Element.prototype.scrollIntoView = scrollIntoView;
    }
  });

  it('focuses the rating, the first field missing, when sent empty, and says why there', async () => {
    await renderInApp(<ReviewPage invitation={invitation} />, { fetch: reviewApi().fetch });
    await screen.findByRole('heading', { level: 1, name: 'How was your ride?' });
    fireEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Terrible' })).toHaveFocus());
    expect(screen.getByRole('radiogroup', { name: 'Your rating' })).toHaveAccessibleDescription(
      'Required field',
    );
    expect(screen.getByLabelText('Your review')).not.toHaveFocus();
  });

  it('uploads chosen photos with previews, removes one, and sends the rest with the review', async () => {
    const api = reviewApi();
    await renderInApp(<ReviewPage invitation={invitation} />, { fetch: api.fetch });
    await screen.findByRole('heading', { level: 1, name: 'How was your ride?' });
    expect(photoInput().multiple).toBe(true);
    expect(photoInput().accept).toContain('image/webp');

    await choose([
      jpeg('canter.jpg'),
      new File(['png'], 'herd.png', { type: 'image/png' }),
      new File(['heic'], 'funny.heic', { type: 'image/heic' }),
      jpeg('camp.jpg'),
    ]);
    await screen.findByRole('img', { name: 'Photo 3' });
    expect(api.uploaded.sort()).toEqual(['camp.jpg', 'canter.jpg', 'herd.png']);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'funny.heic: only JPEG, PNG, WebP, GIF, AVIF or TIFF photos can be added.',
    );
    const preview = screen.getByRole('img', { name: 'Photo 1' }) as HTMLImageElement;
    expect(preview.getAttribute('src')).toMatch(/^\/media\/uploads\/7\d\/250x300\.jpg$/);

    const removedId = Number(preview.getAttribute('src')!.split('/')[3]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Photo 3' })).toBeNull());
    await waitFor(() =>
      expect(api.deleted).toEqual([{ id: removedId, token: `token-${removedId}` }]),
    );

    await rateAndDescribe();
    fireEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your review' });
    const sent = api.submitted[0] as { image_ids: number[] };
    expect(sent.image_ids).toHaveLength(2);
    expect(sent.image_ids).not.toContain(removedId);
    expect(new Set(sent.image_ids)).toEqual(new Set([70, 71, 72].filter((id) => id !== removedId)));
  });

  it("names the photo types the API's upload takes in the hint, the picker and the refusal", async () => {
    // The API reads the type from the bytes and refuses others with this list of words.
    const sniff = readFileSync(
      join(
        dirname(fileURLToPath(import.meta.url)),
        '../../../../../../api/src/modules/uploads/sniff.ts',
      ),
      'utf8',
    );
    const apiWords = /image: 'an image \((.+)\)'/.exec(sniff)?.[1];
    const apiTypes = [
      ...(/const IMAGE_TYPES[^{]*\{([^}]*)\}/.exec(sniff)?.[1] ?? '').matchAll(
        /'(image\/[a-z]+)'/g,
      ),
    ].map((match) => match[1]);
    expect(apiWords).toBe('JPEG, PNG, WebP, GIF, AVIF or TIFF');
    expect(apiTypes.length).toBeGreaterThan(0);

    const api = reviewApi();
    await renderInApp(<ReviewPage invitation={invitation} />, { fetch: api.fetch });
    await screen.findByRole('heading', { level: 1, name: 'How was your ride?' });
    expect(
      screen.getByText(`Up to ${REVIEW_PHOTO_LIMIT} photos`, { exact: false }),
    ).toHaveTextContent(`Up to ${REVIEW_PHOTO_LIMIT} photos: ${apiWords}, 10 MB each.`);
    const accept = photoInput().accept.split(',');
    for (const type of apiTypes) expect(accept).toContain(type);

    await choose([
      new File(['gif'], 'trot.gif', { type: 'image/gif' }),
      new File(['avif'], 'dusk.avif', { type: 'image/avif' }),
      new File(['tiff'], 'scan.tiff', { type: 'image/tiff' }),
      new File(['pdf'], 'route.pdf', { type: 'application/pdf' }),
    ]);
    await screen.findByRole('img', { name: 'Photo 3' });
    expect(api.uploaded.sort()).toEqual(['dusk.avif', 'scan.tiff', 'trot.gif']);
    expect(screen.getByRole('alert')).toHaveTextContent(
      `route.pdf: only ${apiWords} photos can be added.`,
    );
  });

  it('sends the level, the month rode (from the booking) and the horse condition', async () => {
    const api = reviewApi();
    await renderInApp(<ReviewPage invitation={{ ...invitation, ride_month: '2026-06' }} />, {
      fetch: api.fetch,
    });
    await screen.findByRole('heading', { level: 1, name: 'How was your ride?' });
    const month = screen.getByLabelText('Month you rode') as HTMLInputElement;
    expect(month.value).toBe('2026-06');
    await rateAndDescribe();
    fireEvent.change(month, { target: { value: '2026-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(
      await screen.findByText('The month you rode cannot be before your booking'),
    ).toBeTruthy();
    expect(api.submitted).toEqual([]);

    fireEvent.change(month, { target: { value: '2026-07' } });
    fireEvent.change(screen.getByLabelText('Your rider level (optional)'), {
      target: { value: 'intermediate' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Well kept' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your review' });
    expect(api.submitted).toEqual([
      {
        uuid: UUID,
        rating: 5,
        text: 'Gentle horses and a guide who knew every trail.',
        rider_level: 'intermediate',
        ride_month: '2026-07',
        horse_condition: 4,
      },
    ]);
  });

  it(`takes at most ${REVIEW_PHOTO_LIMIT} photos`, async () => {
    const api = reviewApi();
    await renderInApp(<ReviewPage invitation={invitation} />, { fetch: api.fetch });
    await screen.findByRole('heading', { level: 1, name: 'How was your ride?' });
    await choose(
      Array.from({ length: REVIEW_PHOTO_LIMIT + 2 }, (_, index) => jpeg(`ride-${index}.jpg`)),
    );
    await screen.findByRole('img', { name: `Photo ${REVIEW_PHOTO_LIMIT}` });
    expect(api.uploaded).toHaveLength(REVIEW_PHOTO_LIMIT);
    expect(screen.getByRole('alert')).toHaveTextContent(
      `A review takes up to ${REVIEW_PHOTO_LIMIT} photos.`,
    );
    // Full: no way to add more until one is removed.
    expect(document.querySelector('input[type="file"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await waitFor(() => expect(document.querySelector('input[type="file"]')).not.toBeNull());
  });
});

describe('before the tour ends', () => {
  it("reads the API's 409 as the day the tour ends; 410 stays the cancelled page", async () => {
    const { api } = clientAnswering(409, {
      message: 'You can review this tour once it has ended',
      ends_on: '2027-03-14',
      opens_on: '2027-03-15',
    });
    const read = (client: typeof api) => () =>
      new QueryClient().fetchQuery(reviewInvitationQuery(client, UUID));
    expect(await loadReviewInvitation(read(api))).toEqual({
      notYet: {
        message: 'You can review this tour once it has ended',
        ends_on: '2027-03-14',
        opens_on: '2027-03-15',
      },
    });
    const cancelled = clientAnswering(410, {
      message: 'This booking was cancelled, so it cannot be reviewed',
    });
    expect(await loadReviewInvitation(read(cancelled.api))).toEqual({
      unavailable: 'This booking was cancelled, so it cannot be reviewed',
    });
    const staff = clientAnswering(403, {
      message: "The organizer's own staff cannot review its tours",
    });
    expect(await loadReviewInvitation(read(staff.api))).toEqual({
      unavailable: "The organizer's own staff cannot review its tours",
    });
  });

  it('says when reviewing opens and links to the booking', async () => {
    await renderInApp(
      <ReviewNotYetNotice
        uuid={UUID}
        notYet={{ message: 'Not yet', ends_on: '2027-03-14', opens_on: '2027-03-15' }}
      />,
    );
    expect(
      await screen.findByText('You can review this tour after it ends on 14 March 2027.', {
        exact: false,
      }),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open your booking' });
    expect(link.getAttribute('href')).toBe(`/booking/uuid/${UUID}`);
  });

  it('says why a booking cannot be reviewed, in the API’s words', async () => {
    await renderInApp(
      <ReviewUnavailable reason="The organizer's own staff cannot review its tours" />,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'This tour cannot be reviewed here',
    );
    expect(
      screen.getByText(
        "The organizer's own staff cannot review its tours. Questions? Our support team is happy to help.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/contacts',
    );
  });
});
