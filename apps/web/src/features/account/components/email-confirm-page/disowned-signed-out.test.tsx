import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createServerApiClient } from '../../../../lib/api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { answerEmailConfirmation } from '../../email-confirmation';
import { EmailConfirmPage } from './email-confirm-page';
import {
  CONFIRM_EMAIL_PATH as PATH,
  confirmedProfile as profile,
} from '../../testing/confirmation-link';

describe('"I did not create this account" answered without a session (decision 203)', () => {
  it('says the address is confirmed and that "Forgot your password?" signs in, not that another account is signed in', async () => {
    const sent: unknown[] = [];
    // Opened signed out (no session cookie); the API answers the profile, no tokens.
    const api = createServerApiClient({
      request: new Request('http://web.test/email-confirm?token=link-1'),
      fetch: async (request: Request) => {
        expect(new URL(request.url).pathname).toBe(PATH);
        sent.push(await request.json());
        return Response.json(profile);
      },
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const settled = await answerEmailConfirmation(queryClient, api, 'link-1', { not_mine: true });
    expect(sent).toEqual([{ token: 'link-1', not_mine: true }]);
    expect(settled).toEqual({ result: 'disowned-signed-out', email: 'vera@example.com' });

    await renderInApp(<EmailConfirmPage result={settled.result} email={settled.email} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail is confirmed' }),
    ).toBeVisible();
    expect(screen.getByText(/so you are not signed in/)).toBeVisible();
    expect(screen.getByText(/“Forgot your password\?” on the sign-in page/)).toBeVisible();
    expect(screen.queryByText(/signed in to another account/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign-in page' })).toHaveAttribute('href', '/login');
  });
});
