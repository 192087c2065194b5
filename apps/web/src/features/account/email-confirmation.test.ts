import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createServerApiClient } from '../../lib/api';
import { emailConfirmationQueryOptions } from './email-confirmation';

/** The outcome the page gets for a link the API answers with `status` and `body`. */
async function outcomeOf(status: number, body: unknown) {
  const api = createServerApiClient({
    request: new Request('http://web.test/email-confirm?token=link-1'),
    fetch: async () => Response.json(body, { status }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return queryClient.fetchQuery(emailConfirmationQueryOptions(queryClient, api, 'link-1'));
}

const challenge = (link: 'registration' | 'change', message: string) => ({
  message,
  errors: { password: [message] },
  link,
});

describe('the outcome of opening a confirmation link', () => {
  it("tells a registration's password question from a change's (decision 151)", async () => {
    expect(
      await outcomeOf(
        403,
        challenge('registration', 'Enter the password you chose when you registered'),
      ),
    ).toBe('asks-password');
    expect(
      await outcomeOf(
        403,
        challenge('change', 'Enter the password of your Gallop account to add this address to it'),
      ),
    ).toBe('asks-account-password');
  });

  it('keeps the other outcomes', async () => {
    expect(await outcomeOf(410, { message: 'This link has expired' })).toBe('expired');
    expect(await outcomeOf(422, { message: 'Taken', errors: { email: ['Taken'] } })).toBe('taken');
  });
});
