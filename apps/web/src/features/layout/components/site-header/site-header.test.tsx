import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { SiteHeader } from './site-header';

const ORGANIZER_URL = 'https://partners.gallop.example';

describe('SiteHeader', () => {
  it('asks a visitor to become a provider', async () => {
    await renderInApp(<SiteHeader organizerUrl={ORGANIZER_URL} currencies={[]} />);
    expect(await screen.findByRole('link', { name: 'Become a provider' })).toHaveAttribute(
      'href',
      expect.stringContaining(ORGANIZER_URL),
    );
    expect(screen.queryByRole('link', { name: 'Your tour bookings' })).toBeNull();
  });

  it('leads a signed-in organizer to their tour bookings, in the header and the menu', async () => {
    await renderInApp(
      <SiteHeader organizerUrl={ORGANIZER_URL} currencies={[]} organizerSignedIn />,
    );
    expect(await screen.findByRole('link', { name: 'Your tour bookings' })).toHaveAttribute(
      'href',
      '/partner/bookings',
    );
    expect(screen.queryByRole('link', { name: 'Become a provider' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(Array.from(menu.querySelectorAll('a')).map((link) => link.textContent?.trim())).toEqual(
      expect.arrayContaining(['Your tour bookings', 'Provider login']),
    );
    expect(menu).not.toHaveTextContent('Become a provider');
  });
});
