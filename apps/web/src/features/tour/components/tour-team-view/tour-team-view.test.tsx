import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { TourTeamView } from './tour-team-view';

const variant = (overrides: Record<string, unknown>) => ({
  id: 501,
  tour_id: 99,
  duration: 5,
  start: '2027-03-01',
  end: '2027-03-05',
  currency: 'USD',
  price: 900,
  number_of_seats: 10,
  number_of_free_seats: 4,
  ...overrides,
});

function teamApi(canViewPrivateData: boolean) {
  return createFakeApi({
    ...fakeAnswers,
    '/spa/user-info-data': {
      permissions: {
        can_use_knowledge: canViewPrivateData,
        can_view_commission: canViewPrivateData,
      },
    },
    '/spa/tour-private-variants-data': {
      tour_id: 99,
      variants: [
        variant({}),
        variant({ id: 502, start: '2027-04-01', end: '2027-04-05', is_busy: true }),
        variant({ id: 503, start: '2027-05-01', end: '2027-05-05', number_of_free_seats: 0 }),
        variant({ id: 0, start: '2027-06-01', end: '2027-06-05', price: 1500 }),
      ],
    },
    '/spa/private-generate-tour-program-pdf': { url: '/uploads/tour-program-99.pdf', ready: true },
  });
}

const paths = (api: ReturnType<typeof createFakeApi>) =>
  api.seen.map((request) => new URL(request.url).pathname);

/** The address of the first call the fake API saw to `path`. */
const callTo = (api: ReturnType<typeof createFakeApi>, path: string) =>
  api.seen.map((request) => new URL(request.url)).find((url) => url.pathname === path);

describe('TourTeamView', () => {
  afterEach(() => {
    document.cookie = 'adm_auth=; Max-Age=0; Path=/';
  });

  it('shows a permitted team member every date with its seats and the team PDF', async () => {
    document.cookie = 'adm_auth=1; Path=/';
    const api = teamApi(true);
    await renderInApp(<TourTeamView tourId={99} />, { fetch: api.fetch, signedIn: true });

    // The panel is a lazy chunk: the first import can be slow on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Team view' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((row) => row.lastElementChild?.textContent)).toEqual([
      'Open',
      'Busy',
      'Full',
      'Individual offer',
    ]);
    const variants = callTo(api, '/spa/tour-private-variants-data');
    expect(variants?.searchParams.get('id')).toBe('99');

    fireEvent.click(screen.getByRole('button', { name: 'PDF with individual offers' }));
    expect(await screen.findByRole('link', { name: 'Open the PDF' })).toHaveAttribute(
      'href',
      '/uploads/tour-program-99.pdf',
    );
    const generate = callTo(api, '/spa/private-generate-tour-program-pdf');
    expect(generate?.searchParams.get('is_individual')).toBe('1');
  });

  it('shows nothing, and loads nothing private, without the adm_auth cookie', async () => {
    const api = teamApi(true);
    await renderInApp(<TourTeamView tourId={99} />, { fetch: api.fetch, signedIn: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Team view' })).toBeNull();
    expect(paths(api)).not.toContain('/spa/user-info-data');
    expect(paths(api)).not.toContain('/spa/tour-private-variants-data');
  });

  it('shows nothing to a signed-in user the permissions do not allow', async () => {
    document.cookie = 'adm_auth=1; Path=/';
    const api = teamApi(false);
    await renderInApp(<TourTeamView tourId={99} />, { fetch: api.fetch, signedIn: true });
    await waitFor(() => expect(paths(api)).toContain('/spa/user-info-data'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Team view' })).toBeNull();
    expect(paths(api)).not.toContain('/spa/tour-private-variants-data');
  });

  it('asks nothing while signed out, even with the cookie', async () => {
    document.cookie = 'adm_auth=1; Path=/';
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const api = teamApi(true);
    await renderInApp(<TourTeamView tourId={99} />, { fetch: api.fetch });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(paths(api)).not.toContain('/spa/user-info-data');
    expect(screen.queryByRole('heading', { name: 'Team view' })).toBeNull();
    info.mockRestore();
  });
});
