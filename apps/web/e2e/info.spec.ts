import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

interface Contacts {
  email: string | null;
  phones: { formatted_phone: string }[];
}
interface Stats {
  totalCount: number;
  verifiedOrganizersCount: number;
  regionsCount: number;
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const format = (value: number) => value.toLocaleString('en-US');

test.describe('contacts page', () => {
  test('phones, email, hours and messengers from the API', async ({
    page,
    gotoHydrated,
    request,
  }) => {
    const { country } = await json<{ country?: { id: number } }>(request, '/spa/info');
    const contacts = await json<Contacts>(
      request,
      `/spa/contacts${country ? `?country_id=${country.id}` : ''}`,
    );
    const messengers = await json<Record<string, string>>(request, '/spa/groups-in-social-network');

    expect(await gotoHydrated('/contacts')).toBe(200);
    await expect(page).toHaveTitle('Contacts | Gallop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contacts');

    const call = page.getByRole('region', { name: 'Call us' });
    const phoneLinks = call.getByRole('link');
    await expect(phoneLinks).toHaveCount(contacts.phones.length);
    const [main] = contacts.phones;
    await expect(phoneLinks.first()).toHaveText(main?.formatted_phone ?? '');
    await expect(phoneLinks.first()).toHaveAttribute('href', telHref(main?.formatted_phone ?? ''));

    const email = page.getByRole('region', { name: 'Write to us' }).getByRole('link');
    await expect(email).toHaveAttribute('href', `mailto:${contacts.email}`);

    await expect(page.getByRole('region', { name: 'Working hours' })).toContainText(
      /Monday|Sunday/,
    );
    const chats = page.getByRole('region', { name: 'Message us' }).getByRole('link');
    await expect(chats).toHaveCount(Object.keys(messengers).length);
    for (const href of Object.values(messengers)) {
      await expect(page.locator(`a[href="${href}"]`).first()).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('about page', () => {
  test('tells what Gallop is with the catalogue’s real numbers', async ({
    page,
    gotoHydrated,
    request,
  }) => {
    const stats = await json<Stats>(request, '/spa/stats');
    expect(await gotoHydrated('/about')).toBe(200);
    await expect(page).toHaveTitle('About Gallop | Gallop');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Horseback holidays');
    const numbers = page.getByLabel('Gallop in numbers');
    await expect(numbers).toContainText(`trips to choose from${format(stats.totalCount)}`);
    await expect(numbers).toContainText(
      `verified providers${format(stats.verifiedOrganizersCount)}`,
    );
    await expect(page.getByRole('heading', { name: 'How we choose providers' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('join page', () => {
  test('links providers to the back office and quotes real numbers', async ({
    page,
    gotoHydrated,
    request,
  }) => {
    const stats = await json<Stats>(request, '/spa/stats');
    expect(await gotoHydrated('/join')).toBe(200);
    await expect(page).toHaveTitle('Join Gallop as a tour provider | Gallop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Bring your riding tours to Gallop',
    );
    // The server's GALLOP_ORGANIZER_URL (playwright.config.ts).
    await expect(
      page.getByRole('link', { name: 'Register as a provider' }).first(),
    ).toHaveAttribute('href', 'https://partners.e2e.example/register');
    await expect(page.getByRole('link', { name: 'Log in to the back office' })).toHaveAttribute(
      'href',
      'https://partners.e2e.example/login',
    );
    await expect(page.getByLabel('Gallop in numbers')).toContainText(
      `verified providers${format(stats.verifiedOrganizersCount)}`,
    );
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('sitemap page', () => {
  test('lists the site’s pages and every SEO search page by group', async ({
    page,
    gotoHydrated,
    request,
  }) => {
    const { items } = await json<{ items: { url: string; title: string; group?: string }[] }>(
      request,
      '/spa/seo-pages-sitemap',
    );
    expect(items.length).toBeGreaterThan(0);
    expect(await gotoHydrated('/sitemap')).toBe(200);
    await expect(page).toHaveTitle('Sitemap | Gallop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sitemap');

    for (const group of new Set(items.map((item) => item.group ?? 'More tour searches'))) {
      await expect(page.getByRole('heading', { level: 2, name: group, exact: true })).toBeVisible();
    }
    const main = page.locator('.sitemap-page');
    await expect(main.locator('a[href="/blog"]')).toHaveCount(1);
    await expect(main.locator('a[href="/help-center"]')).toHaveCount(1);
    // Every search page, with its title: read the links once (hundreds of them).
    const links = await main
      .getByRole('link')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => `${anchor.getAttribute('href')} ${anchor.textContent}`),
      );
    expect(links).toEqual(expect.arrayContaining(items.map((item) => `${item.url} ${item.title}`)));
    await expect(page.getByRole('heading', { name: 'Weather by country' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A search page link leads to that search.
    const [first] = items;
    await main.locator(`a[href="${first?.url}"]`).first().click();
    await expect(page).toHaveURL(first?.url ?? '');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the robots sitemap stays XML beside it', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
  });
});
