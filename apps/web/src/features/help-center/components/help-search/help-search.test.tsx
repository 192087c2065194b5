import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { HelpSection } from '../../api';
import { HelpSearch } from './help-search';

const sections: HelpSection[] = [
  {
    id: 1,
    slug: 'payment',
    title: 'Payments',
    articles: [
      { id: 1, section_id: 1, slug: 'refunds', title: 'When will I get my refund?' },
      { id: 2, section_id: 1, slug: 'currencies', title: 'Which currencies can I see?' },
    ],
  },
];

describe('HelpSearch', () => {
  it('lists the articles whose titles match, with their section', async () => {
    await renderInApp(<HelpSearch sections={sections} />);
    const input = await screen.findByRole('searchbox', { name: 'Search the help center' });
    expect(screen.queryByRole('list', { name: 'Matching articles' })).toBeNull();

    fireEvent.change(input, { target: { value: 'refund' } });
    const result = screen.getByRole('link', { name: /When will I get my refund\?/ });
    expect(result.getAttribute('href')).toBe('/help-center/refunds');
    expect(result.textContent).toContain('Payments');
    expect(screen.queryByText('Which currencies can I see?')).toBeNull();
  });

  it('says so when nothing matches', async () => {
    await renderInApp(<HelpSearch sections={sections} />);
    fireEvent.change(await screen.findByRole('searchbox'), { target: { value: 'unicorn' } });
    expect(screen.getByText('Nothing found based on your search')).toBeTruthy();
  });
});
