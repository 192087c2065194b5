import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApiWithPosts } from '../../../../lib/testing/fake-api-posts';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { UserProfile } from '../../api';
import { SettingsPage } from './settings-page';

const USER: UserProfile = {
  id: 7,
  first_name: 'Ann',
  last_name: 'Rider',
  is_email_set: true,
  email: 'ann@example.com',
  phone: null,
  is_phone_confirmed: false,
  is_admin_auth: false,
  role: 'client',
};

const TOO_EASY =
  'This password is too easy to guess. This is a heavily used password. Add more words or use a less common phrase.';

describe('SettingsPage, password', () => {
  it('shows a new password that is too easy to guess under its field, once', async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/change-password': {
        status: 422,
        body: { message: TOO_EASY, errors: { password: [TOO_EASY] } },
      },
    });
    await renderInApp(<SettingsPage user={USER} />, { fetch: api.fetch, signedIn: true });
    const section = (
      await screen.findByRole('heading', { name: 'Password' }, { timeout: 5000 })
    ).closest('section')!;
    const password = within(section).getByLabelText('New password');
    fireEvent.change(within(section).getByLabelText('Current password'), {
      target: { value: 'saddle-up-2026' },
    });
    fireEvent.change(password, { target: { value: 'password' } });
    fireEvent.change(within(section).getByLabelText('Repeat the new password'), {
      target: { value: 'password' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(TOO_EASY));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(TOO_EASY)).toHaveLength(1);
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(section).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a wrong current password under the current password field', async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/change-password': {
        status: 422,
        body: { message: 'Wrong password', errors: { old_password: ['Wrong password'] } },
      },
    });
    await renderInApp(<SettingsPage user={USER} />, { fetch: api.fetch, signedIn: true });
    const section = (
      await screen.findByRole('heading', { name: 'Password' }, { timeout: 5000 })
    ).closest('section')!;
    const current = within(section).getByLabelText('Current password');
    fireEvent.change(current, { target: { value: 'nope' } });
    fireEvent.change(within(section).getByLabelText('New password'), {
      target: { value: 'fresh-trail-1' },
    });
    fireEvent.change(within(section).getByLabelText('Repeat the new password'), {
      target: { value: 'fresh-trail-1' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription(/^Wrong password/));
    expect(within(section).getAllByText('Wrong password')).toHaveLength(1);
  });
});
