import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { ContactsPage } from './contacts-page';

/** The first render waits for the fake API; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

const phone = (formatted_phone: string, type: 'main' | 'additional', entity: unknown = null) => ({
  type,
  formatted_phone,
  entity,
});

/** The API answers `all=1` with every phone: this fake tells the two calls apart by query. */
function contactsApi() {
  const visitorContacts = {
    email: 'support@gallop.example',
    has_other_phones: true,
    phones: [
      phone('+44 20 7946 0123', 'main', { id: 226, kind: 'country' }),
      phone('+1 415 555 0134', 'main'),
    ],
  };
  const allContacts = {
    ...visitorContacts,
    phones: [
      ...visitorContacts.phones,
      phone('+354 555 1234', 'main', { id: 101, kind: 'country' }),
    ],
  };
  const api = createFakeApi({
    ...fakeAnswers,
    '/crm/api/dropdown/country': {
      items: [
        { id: 101, name: 'Iceland' },
        { id: 226, name: 'United Kingdom' },
      ],
    },
    '/spa/work-time': {
      is_working_now: true,
      timezone: 'America/New_York',
      schedule: [
        ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: '08:00', to: '20:00' })),
        { weekday: 6, from: '10:00', to: '16:00' },
        { weekday: 7, from: null, to: null },
      ],
    },
    '/spa/groups-in-social-network': {
      facebook: 'https://m.me/gallop.rides',
      telegram: 'https://t.me/gallop_support_bot',
    },
  });
  const contactSearches: string[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === '/spa/contacts') {
      contactSearches.push(url.search);
      return Response.json(url.searchParams.get('all') === '1' ? allContacts : visitorContacts);
    }
    return api.fetch(request);
  };
  return { fetch, contactSearches };
}

describe('ContactsPage', () => {
  it('lists the visitor’s phones local first as tel: links, and the email as mailto:', async () => {
    await renderInApp(<ContactsPage countryId={226} />, { fetch: contactsApi().fetch });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contacts' }, SLOW_CI),
    ).toBeInTheDocument();
    const call = screen.getByRole('region', { name: 'Call us' });
    const links = within(call).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'tel:+442079460123',
      'tel:+14155550134',
    ]);
    expect(call).toHaveTextContent('Local number, United Kingdom');
    expect(screen.getByRole('link', { name: 'support@gallop.example' })).toHaveAttribute(
      'href',
      'mailto:support@gallop.example',
    );
  });

  it('shows the hours, the messengers and the other countries’ numbers', async () => {
    await renderInApp(<ContactsPage countryId={226} />, { fetch: contactsApi().fetch });
    const hours = await screen.findByRole('region', { name: 'Working hours' }, SLOW_CI);
    expect(hours).toHaveTextContent('Open now');
    expect(hours).toHaveTextContent('Monday–Friday08:00–20:00');
    expect(hours).toHaveTextContent('SundayClosed');
    expect(hours).toHaveTextContent('Hours are New York time.');

    const chats = screen.getByRole('region', { name: 'Message us' });
    expect(
      within(chats)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Messenger', 'https://m.me/gallop.rides'],
      ['Telegram', 'https://t.me/gallop_support_bot'],
    ]);

    // The UK number is already listed above: only Iceland remains.
    const local = screen.getByRole('region', { name: 'Local numbers' });
    expect(
      within(local)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Iceland+354 555 1234']);
  });

  it('asks for the local phones of the visitor’s country', async () => {
    const api = contactsApi();
    await renderInApp(<ContactsPage countryId={226} />, { fetch: api.fetch });
    await screen.findByRole('heading', { level: 1 }, SLOW_CI);
    expect([...api.contactSearches].sort()).toEqual(['?all=1', '?country_id=226']);
  });
});
