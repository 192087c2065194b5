import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { readTourCode, TourCodeSearch } from './tour-code-search';

const TOUR = {
  type: 'tour',
  text: 'Ice and Fire Ride',
  id: 1234,
  slug: 'ice-and-fire-ride-1234',
  url: '/ice-and-fire-ride-1234',
};

/** The API's suggestions: the tour whose code is asked, none for any other code. */
function completionApi(seen: URL[] = []) {
  return async (request: Request) => {
    const url = new URL(request.url);
    seen.push(url);
    const items = url.searchParams.get('phrase') === '1234' ? [TOUR] : [];
    return Response.json({ items });
  };
}

async function typeCode(code: string) {
  const box = await screen.findByRole('textbox', { name: 'Tour code' });
  fireEvent.change(box, { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Find' }));
  return box;
}

describe('TourCodeSearch', () => {
  it('opens the tour a code names (its number, with or without #)', async () => {
    const seen: URL[] = [];
    const { router } = await renderInApp(<TourCodeSearch />, { fetch: completionApi(seen) });
    await typeCode(' #1234 ');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ice-and-fire-ride-1234'));
    const call = seen.find((url) => url.pathname === '/spa/tours-filter-completion')!;
    expect(call.searchParams.get('phrase')).toBe('1234');
    expect(call.searchParams.getAll('only')).toEqual(['tour']);
  });

  it('says when no tour has the code, and what a code looks like', async () => {
    const { router } = await renderInApp(<TourCodeSearch />, { fetch: completionApi() });
    const box = await typeCode('777');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No tour open for booking has the code 777.',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await typeCode('iceland');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the tour code: its number, such as 1234.',
    );
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('readTourCode', () => {
  it.each([
    ['1234', 1234],
    ['#1234', 1234],
    ['# 12', 12],
    ['0', undefined],
    ['12a', undefined],
    ['', undefined],
  ])('%j reads as %j', (text, code) => {
    expect(readTourCode(text)).toBe(code);
  });
});
