import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { CountryCard } from './country-card';

const iceland = {
  id: 12,
  name: 'Iceland',
  slug: 'iceland',
  kind: 'country' as const,
  tours_count: 6,
  image: { image: '/media/generated/landscape/12/{{size}}.jpg' },
};

/** Regions and cities of Iceland only: another country's places must not show. */
function placesApi() {
  const asked: string[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    // The shell's own call (the visitor's country, for units) is not the card's.
    if (url.pathname === '/spa/info')
      return Response.json({ message: 'Not found' }, { status: 404 });
    const kind = url.searchParams.get('kind');
    asked.push(`${kind}:${url.searchParams.get('country_id')}`);
    if (url.pathname !== '/spa/destinations' || url.searchParams.get('country_id') !== '12') {
      return Response.json({ items: [{ id: 99, name: 'Elsewhere', slug: 'elsewhere' }] });
    }
    return Response.json({
      items:
        kind === 'region'
          ? [{ id: 3, name: 'North Iceland', slug: 'north-iceland', tours_count: 4 }]
          : [{ id: 7, name: 'Akureyri', slug: 'akureyri', tours_count: 1 }],
    });
  };
  return { fetch, asked };
}

describe('CountryCard', () => {
  it('links the country to its tours and to its weather page', async () => {
    await renderInApp(<CountryCard country={iceland} />, { fetch: placesApi().fetch });
    const tours = await screen.findByRole('link', { name: /Iceland\s*6 tours/ });
    expect(tours).toHaveAttribute('href', '/tours?countries=12');
    expect(screen.getByRole('link', { name: 'Weather in Iceland' })).toHaveAttribute(
      'href',
      '/iceland/climate-and-weather',
    );
  });

  it("opens the country's regions and cities, each linking to its search", async () => {
    const api = placesApi();
    await renderInApp(<CountryCard country={iceland} />, { fetch: api.fetch });
    const toggle = await screen.findByRole('button', { name: 'Regions and cities' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const region = await screen.findByRole('link', { name: /North Iceland\s*4 tours/ });
    expect(region).toHaveAttribute('href', '/tours?regions=3');
    const cities = screen.getByRole('heading', { name: 'Cities' }).parentElement!;
    expect(within(cities).getByRole('link', { name: /Akureyri\s*1 tour$/ })).toHaveAttribute(
      'href',
      '/tours?cities=7',
    );
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
    expect(new Set(api.asked)).toEqual(new Set(['region:12', 'city:12']));
  });
});
