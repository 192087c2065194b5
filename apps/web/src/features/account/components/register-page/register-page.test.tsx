import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createFakeApiWithPosts,
  type FakePostAnswer,
} from '../../../../lib/testing/fake-api-posts';
import { fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { RegisterPage } from './register-page';

const PATH = '/crm/api/user/register';
const TOO_EASY =
  'This password is too easy to guess. This is a heavily used password. Add more words or use a less common phrase.';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

/** Ann's account, all but the terms. */
function fillAccount(password = 'saddle-up-2026') {
  type('First name', 'Ann');
  type('Last name', 'Rider');
  type('E-mail', 'ann@example.com');
  type('Password', password);
  type('Repeat the password', password);
}

async function registerWith(answer: FakePostAnswer, password = 'saddle-up-2026') {
  const api = createFakeApiWithPosts({ [PATH]: answer });
  await renderInApp(<RegisterPage returnTo="/" />, { fetch: api.fetch });
  await screen.findByLabelText('First name', {}, { timeout: 5000 });
  fillAccount(password);
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  return api;
}

describe('RegisterPage', () => {
  it('says to check the e-mail after registering, and signs nobody in', async () => {
    const api = await registerWith({ status: 200, body: { result: true } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    expect(
      screen.getByText(/Open the link in it to confirm your address and sign in/),
    ).toBeVisible();
    expect(api.sent).toEqual([
      {
        path: PATH,
        body: expect.objectContaining({
          first_name: 'Ann',
          last_name: 'Rider',
          email: 'ann@example.com',
          password: 'saddle-up-2026',
          confirm_password: 'saddle-up-2026',
        }),
      },
    ]);
  });

  it('shows a password that is too easy to guess under the password field, once', async () => {
    await registerWith(
      { status: 422, body: { message: TOO_EASY, errors: { password: [TOO_EASY] } } },
      '12345678',
    );
    const password = screen.getByLabelText('Password', { exact: true });
    await waitFor(() => expect(password).toHaveAccessibleDescription(TOO_EASY));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(screen.getAllByText(TOO_EASY)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create an account');
  });

  it('shows a refusal that is not about a field above the button', async () => {
    await registerWith({ status: 400, body: { message: 'The request was not understood' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The request was not understood');
  });
});

describe('RegisterPage validation on submit', () => {
  it('shows every refusal at once: a bad phone does not hide the unticked terms', async () => {
    const api = createFakeApiWithPosts({ [PATH]: { status: 200, body: { result: true } } });
    await renderInApp(<RegisterPage returnTo="/" />, { fetch: api.fetch });
    await screen.findByLabelText('First name', {}, { timeout: 5000 });
    type('First name', 'Cara');
    type('Last name', 'Trot');
    type('E-mail', 'cara@example.com');
    type('Password', 'Canter-Along-Coast-5');
    type('Repeat the password', 'Canter-Along-Coast-5');
    type('Phone (optional)', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent).toEqual([]);
  });
});

// Decision 169: the tick asks only for the documents the operator has published.
describe('RegisterPage consent', () => {
  const openWith = async (published: string[]) => {
    const answers = {
      ...fakeAnswers,
      '/spa/info': { ...(fakeAnswers['/spa/info'] as object), legal_documents: published },
    };
    const api = createFakeApiWithPosts(
      { [PATH]: { status: 200, body: { result: true } } },
      answers,
    );
    await renderInApp(<RegisterPage returnTo="/" />, { fetch: api.fetch });
    await screen.findByLabelText('First name', {}, { timeout: 5000 });
    return api;
  };

  it('asks for and links only the published terms', async () => {
    await openWith(['terms', 'cookies']);
    await waitFor(() =>
      expect(screen.getByRole('checkbox')).toHaveAccessibleName('I accept the terms of use'),
    );
    expect(screen.getByRole('link', { name: 'terms of use' })).toHaveAttribute(
      'href',
      '/agreement',
    );
    expect(screen.queryByRole('link', { name: 'privacy policy' })).not.toBeInTheDocument();
  });

  it('asks nothing while neither is published, and registers', async () => {
    const api = await openWith([]);
    await waitFor(() => expect(screen.queryByRole('checkbox')).not.toBeInTheDocument());
    fillAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(api.sent).toHaveLength(1);
  });
});
