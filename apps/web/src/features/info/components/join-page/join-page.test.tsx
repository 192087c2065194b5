import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { JoinPage } from './join-page';

/** The first render waits for the fake API; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

const answers = {
  ...fakeAnswers,
  '/spa/destinations': {
    items: [
      { id: 10, name: 'Argentina', slug: 'argentina', kind: 'country' },
      { id: 43, name: 'Chile', slug: 'chile', kind: 'country' },
    ],
  },
};

describe('JoinPage', () => {
  it('sends providers to the back office to register or log in', async () => {
    await renderInApp(<JoinPage organizerUrl="https://partners.test/crm" />, {
      fetch: createFakeApi(answers).fetch,
    });
    expect(await screen.findByRole('heading', { level: 1 }, SLOW_CI)).toHaveTextContent(
      'Bring your riding tours to Gallop',
    );
    for (const link of screen.getAllByRole('link', { name: 'Register as a provider' })) {
      expect(link).toHaveAttribute('href', 'https://partners.test/crm/register');
    }
    expect(screen.getByRole('link', { name: 'Log in to the back office' })).toHaveAttribute(
      'href',
      'https://partners.test/crm/login',
    );
  });

  it('quotes the real catalogue numbers', async () => {
    await renderInApp(<JoinPage organizerUrl="https://partners.test" />, {
      fetch: createFakeApi(answers).fetch,
    });
    const stats = await screen.findByLabelText('Gallop in numbers', {}, SLOW_CI);
    // Label (dt) then figure (dd) in reading order.
    expect(stats).toHaveTextContent('verified providers24');
    expect(stats).toHaveTextContent('trips listed362');
    expect(stats).toHaveTextContent('tours by independent guides164');
    expect(screen.getByText(/in a catalogue that spans 2 countries/)).toHaveTextContent(
      '24 verified providers',
    );
  });
});
