import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Breadcrumbs } from './breadcrumbs';

describe('Breadcrumbs', () => {
  it('renders url/text items in a labelled nav, the last one as the current page', () => {
    render(
      <Breadcrumbs
        items={[
          { url: '/', text: 'Home' },
          { url: '/destinations/mongolia', text: 'Mongolia' },
          { url: '/tours/gobi-ride', text: 'Gobi ride' },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    const links = screen.getAllByRole('link');
    expect(nav).toContainElement(links[0]!);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/destinations/mongolia',
      '/tours/gobi-ride',
    ]);
    expect(screen.getByRole('link', { name: 'Gobi ride' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});
