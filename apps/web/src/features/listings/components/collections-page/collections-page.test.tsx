import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { CollectionsPage } from './collections-page';

describe('CollectionsPage', () => {
  it('shows every collection with its tour count, linking to its own landing page', async () => {
    const api = createFakeApi({
      '/crm/api/index-page/all-collections': {
        items: [
          { id: 1, name: 'Best for beginners', slug: 'best-for-beginners', tours_count: 34 },
          { id: 7, name: 'Riding with wild horses', slug: 'wild-horses', tours_count: 1 },
        ],
      },
    });
    await renderInApp(<CollectionsPage />, { fetch: api.fetch });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Collections');
    const links = within(screen.getByRole('list', { name: 'All collections' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Best for beginners34 tours', '/best-for-beginners'],
      ['Riding with wild horses1 tour', '/wild-horses'],
    ]);
  });
});
