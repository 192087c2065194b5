import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApiWithPosts } from '../../../../lib/testing/fake-api-posts';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { ResetPasswordForm } from './reset-password-form';

const TOO_EASY = 'This password is too easy to guess. Add more words or use a less common phrase.';

describe('ResetPasswordForm', () => {
  it('shows a password that is too easy to guess under the new password field, once', async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/password-reset': {
        status: 422,
        body: { message: TOO_EASY, errors: { password: [TOO_EASY] } },
      },
    });
    await renderInApp(<ResetPasswordForm token="reset-1" returnTo="/" />, { fetch: api.fetch });
    const password = await screen.findByLabelText('New password', {}, { timeout: 5000 });
    fireEvent.change(password, { target: { value: 'password' } });
    fireEvent.change(screen.getByLabelText('Repeat the password'), {
      target: { value: 'password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(TOO_EASY));
    expect(password).toHaveFocus();
    expect(screen.getAllByText(TOO_EASY)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.sent).toEqual([
      { path: '/crm/api/user/password-reset', body: { token: 'reset-1', password: 'password' } },
    ]);
  });
});
