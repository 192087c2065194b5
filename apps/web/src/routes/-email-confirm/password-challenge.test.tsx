import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EmailConfirmPage } from '../../features/account/components/email-confirm-page/email-confirm-page';
import { createFakeApi } from '../../lib/testing/fake-api';
import { renderInApp } from '../../lib/testing/render-in-app';
import { PasswordChallenge } from './password-challenge';
import {
  CONFIRM_EMAIL_PATH as PATH,
  confirmedProfile as profile,
} from '../../features/account/testing/confirmation-link';

const RIGHT = 'saddle-up-2026';

/**
 * The confirmation call as the API answers it (decision 151): the right password or "not mine"
 * confirm (with a session's tokens), a wrong one is a 422 on `password`, and after `tries` wrong
 * ones a 429. `sent` lists the bodies.
 */
function confirmationApi({ tries = 5, spent = false } = {}) {
  const gets = createFakeApi();
  const sent: Record<string, unknown>[] = [];
  let wrong = 0;
  const fetch = async (request: Request): Promise<Response> => {
    if (request.method !== 'POST' || new URL(request.url).pathname !== PATH) {
      return gets.fetch(request);
    }
    const body = (await request.json()) as { password?: string; not_mine?: boolean };
    sent.push(body);
    if (spent) {
      return Response.json(
        { message: 'This link has expired or was already used. Please request a new one.' },
        { status: 410 },
      );
    }
    if (body.not_mine || body.password === RIGHT) {
      return Response.json({ ...profile, token: 'access-9', refresh_token: 'refresh-9' });
    }
    wrong += 1;
    if (wrong > tries) {
      return Response.json(
        { message: 'Too many wrong passwords for this account.', type: 'hard_captcha' },
        { status: 429 },
      );
    }
    return Response.json(
      { message: 'Wrong password', errors: { password: ['Wrong password'] } },
      { status: 422 },
    );
  };
  return { fetch, sent };
}

async function showChallenge(api = confirmationApi(), asks = 'asks-password' as const) {
  await renderInApp(<PasswordChallenge token="link-1" asks={asks} />, { fetch: api.fetch });
  await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail' }, { timeout: 5000 });
  return api;
}

const typePassword = (value: string) =>
  fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value } });

describe('the confirmation link that asks (decision 151)', () => {
  it('asks the password chosen at registration and offers "I did not create this account"', async () => {
    await showChallenge();
    expect(screen.getByText('Enter the password you chose when you registered')).toBeVisible();
    expect(screen.getByRole('button', { name: 'I did not create this account' })).toBeVisible();
  });

  it('confirms and signs in with the right password', async () => {
    const api = await showChallenge();
    typePassword(RIGHT);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm e-mail' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail is confirmed' }),
    ).toBeVisible();
    expect(screen.getByText(/Welcome to Gallop: you are signed in\./)).toBeVisible();
    expect(api.sent).toEqual([{ token: 'link-1', password: RIGHT }]);
  });

  it('shows a wrong password under the field and keeps the choice open', async () => {
    await showChallenge();
    typePassword('not-the-one');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm e-mail' }));
    const field = screen.getByLabelText('Password', { exact: true });
    await waitFor(() => expect(field).toHaveAccessibleDescription('Wrong password'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Confirm your e-mail');
    expect(screen.getByRole('button', { name: 'I did not create this account' })).toBeEnabled();
  });

  it('keeps "Wrong password" when the field loses focus, so one click on "I did not create this account" answers', async () => {
    const user = userEvent.setup();
    const api = await showChallenge();
    const field = screen.getByLabelText('Password', { exact: true });
    await user.type(field, 'not-the-one');
    await user.click(screen.getByRole('button', { name: 'Confirm e-mail' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Wrong password'));
    await waitFor(() => expect(field).toHaveFocus());
    // The press moves the focus to the button first: the field's message must not go (in a
    // browser it would move the button away under the pointer), before or after the release.
    const notMine = screen.getByRole('button', { name: 'I did not create this account' });
    await user.pointer({ keys: '[MouseLeft>]', target: notMine });
    expect(field).not.toHaveFocus();
    expect(field).toHaveAccessibleDescription('Wrong password');
    await user.pointer({ keys: '[/MouseLeft]', target: notMine });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This e-mail is yours' }),
    ).toBeVisible();
    expect(api.sent).toEqual([
      { token: 'link-1', password: 'not-the-one' },
      { token: 'link-1', not_mine: true },
    ]);
  });

  it('checks the password again on the next submit', async () => {
    const api = await showChallenge();
    typePassword('not-the-one');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm e-mail' }));
    const field = screen.getByLabelText('Password', { exact: true });
    await waitFor(() => expect(field).toHaveAccessibleDescription('Wrong password'));
    // Typing and leaving the field check nothing yet: the server's message stays until submit.
    await act(async () => {
      typePassword('');
      fireEvent.blur(field);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(field).toHaveAccessibleDescription('Wrong password');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm e-mail' }));
    await waitFor(() => expect(field).not.toHaveAccessibleDescription('Wrong password'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent).toHaveLength(1);
  });

  it('says so when wrong passwords are limited, and the choice stays open', async () => {
    await showChallenge(confirmationApi({ tries: 0 }));
    typePassword('not-the-one');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/confirm you are not a robot/);
    expect(screen.getByRole('button', { name: 'I did not create this account' })).toBeEnabled();
  });

  it('"I did not create this account" makes the address the opener\'s and leads to a password', async () => {
    const api = await showChallenge();
    fireEvent.click(screen.getByRole('button', { name: 'I did not create this account' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This e-mail is yours' }),
    ).toBeVisible();
    expect(screen.getByText(/the password they chose no longer works/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose a password' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(api.sent).toEqual([{ token: 'link-1', not_mine: true }]);
  });

  it("asks a change's link for the account's password, without the disowning choice", async () => {
    await showChallenge(confirmationApi(), 'asks-account-password' as never);
    expect(
      screen.getByText('Enter the password of your Gallop account to add this address to it'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'I did not create this account' })).toBeNull();
    expect(screen.getByText(/Did not ask for this\? Ignore the e-mail/)).toBeVisible();
  });

  it('says the link expired when it was used meanwhile', async () => {
    await showChallenge(confirmationApi({ spent: true }));
    fireEvent.click(screen.getByRole('button', { name: 'I did not create this account' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link has expired' }),
    ).toBeVisible();
  });
});

describe('EmailConfirmPage after "I did not create this account" signed in elsewhere', () => {
  it('points to the reset link on the sign-in page', async () => {
    await renderInApp(<EmailConfirmPage result="disowned-elsewhere" email="vera@example.com" />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This e-mail is yours' }),
    ).toBeVisible();
    expect(screen.getByText(/You are signed in to another account/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign-in page' })).toHaveAttribute('href', '/login');
  });
});
