// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from '../../../../entry-server';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';

/** The home page as the server sends it, over the fake API (`answers` replace its own). */
async function homeHtml(answers: Record<string, unknown> = {}) {
  const api = createFakeApi({ ...fakeAnswers, ...answers });
  const response = await render({
    request: new Request('http://127.0.0.1/'),
    manifest: { routes: {} },
    site: { organizerUrl: 'https://partners.example.test' },
    apiFetch: api.fetch,
  });
  return { status: response.status, html: await response.text() };
}

/** The seasons section's HTML. */
const seasonsSection = (html: string) =>
  html.match(/<section[^>]*aria-labelledby="seasons-heading"[\s\S]*?<\/section>/)?.[0] ?? '';

describe('HomePage: seasons', () => {
  it('links each season to the search over its next window, server-rendered with the page', async () => {
    const { status, html } = await homeHtml({
      '/crm/api/index-page/all-seasons': {
        items: [
          {
            id: 1,
            name: 'Spring',
            slug: 'spring',
            tours_count: 181,
            date_from: '2027-03-01',
            date_to: '2027-05-31',
          },
          {
            id: 4,
            name: 'Winter',
            slug: 'winter',
            tours_count: 359,
            date_from: '2026-12-01',
            date_to: '2027-02-28',
          },
        ],
      },
    });
    expect(status).toBe(200);
    const section = seasonsSection(html);
    expect(section).toContain('>Seasons</h2>');
    const tiles = [
      ...section.matchAll(/<a class="category-tile" href="([^"]+)">[\s\S]*?<\/a>/g),
    ].map(([tile, href]) => [
      href?.replaceAll('&amp;', '&'),
      tile.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|'),
    ]);
    // Soonest first; the window's dates instead of a count over every year ahead.
    expect(tiles).toEqual([
      ['/tours?dateFrom=2026-12-01&dateTo=2027-02-28', '|Winter|1 Dec 2026 – 28 Feb 2027|'],
      ['/tours?dateFrom=2027-03-01&dateTo=2027-05-31', '|Spring|1 Mar – 31 May 2027|'],
    ]);
    // The answer travels with the page: the browser hydrates without asking again.
    expect(html).toContain('/crm/api/index-page/all-seasons');
    expect(html).toContain('2027-05-31');
  });

  it('shows no section when there is no season', async () => {
    const { status, html } = await homeHtml({ '/crm/api/index-page/all-seasons': { items: [] } });
    expect(status).toBe(200);
    expect(html).not.toContain('seasons-heading');
  });
});
