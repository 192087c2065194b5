import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { organizerFixture } from '../../testing/organizer-fixture';
import { ProviderCard } from './provider-card';

describe('ProviderCard', () => {
  it('links to the provider page and lists only the checks the provider passed', async () => {
    await renderInApp(<ProviderCard organizer={organizerFixture()} />);
    expect(await screen.findByRole('link', { name: 'Auvergne Trail Company' })).toHaveAttribute(
      'href',
      '/tour-provider/6',
    );
    expect(screen.getByText('Tour company · France')).toBeInTheDocument();
    expect(screen.getByText('(47 reviews)')).toBeInTheDocument();
    expect(screen.getByText('10 tours')).toBeInTheDocument();
    const checks = screen.getByRole('list', { name: 'Verification' });
    expect(
      within(checks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['✓ Phone verified', '✓ Email verified']);
  });

  it('marks an unrated provider as new and shows no checks it has not passed', async () => {
    await renderInApp(
      <ProviderCard
        organizer={organizerFixture({
          type: 'author',
          rating: null,
          is_email_verified: false,
          is_phone_verified: false,
        })}
      />,
    );
    expect(await screen.findByText('New on Gallop')).toBeInTheDocument();
    expect(screen.getByText('Independent guide · France')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Verification' })).not.toBeInTheDocument();
  });
});
