import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { UserProfile } from '../../api';
import { AccountMenu } from './account-menu';

const USER: UserProfile = {
  id: 7,
  first_name: 'Ann',
  last_name: 'Rider',
  is_email_set: true,
  email: 'ann@example.com',
  is_admin_auth: false,
};

function renderFor(user: UserProfile) {
  const { fetch } = createFakeApi({ '/crm/api/user/profile': user });
  return renderInApp(<AccountMenu />, { fetch, signedIn: true });
}

describe('AccountMenu', () => {
  it('points a traveller whose profile has empty fields to complete it', async () => {
    await renderFor({ ...USER, is_email_set: false, email: null });
    expect(
      await screen.findByRole('link', { name: 'Account settings (Ann): complete your profile' }),
    ).toHaveAttribute('href', '/settings');
  });

  it('just names a traveller whose profile is complete', async () => {
    await renderFor(USER);
    expect(await screen.findByRole('link', { name: 'Account settings (Ann)' })).toBeInTheDocument();
  });
});
