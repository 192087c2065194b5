import { operationKeys } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  calendarPeriod as period,
  calendarPeriods as periods,
  createFakeApi,
  fakeAnswers,
} from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { DATE_PERIODS_SHOWN, DatePeriods } from './date-periods';

const CALENDAR_PERIODS_KEY = operationKeys.listCalendarPeriods;

async function renderPeriods(
  dates: { dateFrom?: string; dateTo?: string } = {},
  items: unknown[] = periods,
) {
  const api = createFakeApi({ ...fakeAnswers, '/spa/calendar-periods': { items } });
  const onChange = vi.fn();
  const view = await renderInApp(
    <DatePeriods dateFrom={dates.dateFrom} dateTo={dates.dateTo} onChange={onChange} />,
    { fetch: api.fetch },
  );
  return { api, onChange, view };
}

const pickNames = () =>
  within(screen.getByRole('list', { name: 'Holidays and seasons' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('DatePeriods', () => {
  // The visitor's day: the morning after Thanksgiving's first day was cached.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 27, 9, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('offers the periods ahead as quick picks that set both dates', async () => {
    const { api, onChange } = await renderPeriods({}, [
      period('Easter 2026', '2026-04-03', '2026-04-06'),
      ...periods,
    ]);
    await screen.findByRole('button', { name: 'Winter 2026/27' });
    expect(api.seen.some((request) => request.url.endsWith('/spa/calendar-periods'))).toBe(true);
    // Easter is over; the others are offered in the API's order, the first eight at first.
    expect(pickNames()).toEqual(periods.slice(0, DATE_PERIODS_SHOWN).map((each) => each.name));
    for (const button of screen.getAllByRole('button', { pressed: false })) {
      expect(button).toHaveAttribute('aria-pressed', 'false');
    }

    fireEvent.click(screen.getByRole('button', { name: 'Christmas and New Year 2026/27' }));
    expect(onChange).toHaveBeenLastCalledWith({ dateFrom: '2026-12-24', dateTo: '2027-01-07' });

    // A period under way starts today: no dates in the past go to the search.
    fireEvent.click(screen.getByRole('button', { name: 'Thanksgiving 2026' }));
    expect(onChange).toHaveBeenLastCalledWith({ dateFrom: '2026-11-27', dateTo: '2026-11-29' });
  });

  it('shows which period is chosen, and pressing it again clears the dates', async () => {
    const { onChange } = await renderPeriods({ dateFrom: '2026-12-01', dateTo: '2027-02-28' });
    const winter = await screen.findByRole('button', { name: 'Winter 2026/27' });
    expect(winter).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('button', { pressed: true })).toEqual([winter]);

    fireEvent.click(winter);
    expect(onChange).toHaveBeenLastCalledWith({ dateFrom: undefined, dateTo: undefined });
  });

  it('shows the rest on request, and all at once when the chosen one is among them', async () => {
    const { view } = await renderPeriods();
    await screen.findByRole('button', { name: 'Winter 2026/27' });
    fireEvent.click(screen.getByRole('button', { name: 'More dates' }));
    expect(pickNames()).toEqual(periods.map((each) => each.name));
    fireEvent.click(screen.getByRole('button', { name: 'Fewer dates' }));
    expect(pickNames()).toHaveLength(DATE_PERIODS_SHOWN);
    view.unmount();

    const last = periods.at(-1)!;
    await renderPeriods({ dateFrom: last.date_from, dateTo: last.date_to });
    expect(await screen.findByRole('button', { name: last.name })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('button', { name: 'More dates' })).toBeNull();
  });

  it('hydrates as the server rendered it when the periods are cached already, then shows them', async () => {
    // The aside's panel on a phone hydrates only once the window widens, after the sheet's
    // panel has asked for the periods: the server rendered none.
    const api = createFakeApi({ ...fakeAnswers, '/spa/calendar-periods': { items: periods } });
    const recoverableErrors: unknown[] = [];
    await renderInApp(<DatePeriods dateFrom={undefined} dateTo={undefined} onChange={vi.fn()} />, {
      fetch: api.fetch,
      hydrate: {
        beforeHydrating: (queryClient) =>
          queryClient.setQueryData(CALENDAR_PERIODS_KEY, { items: periods }),
        onRecoverableError: (error) => recoverableErrors.push(error),
      },
    });
    expect(await screen.findByRole('button', { name: 'Winter 2026/27' })).toBeInTheDocument();
    expect(recoverableErrors).toEqual([]);
  });

  it('shows nothing when the API has no periods or cannot answer', async () => {
    const settled = (queryClient: QueryClient) =>
      vi.waitFor(() => {
        const [query] = queryClient.getQueryCache().findAll({ queryKey: CALENDAR_PERIODS_KEY });
        expect(query?.state.status).toMatch(/success|error/);
      });
    const { view } = await renderPeriods({}, []);
    await settled(view.queryClient);
    expect(screen.queryByRole('list')).toBeNull();
    view.unmount();

    // An API that knows no call answers 404.
    const failing = await renderInApp(
      <DatePeriods dateFrom={undefined} dateTo={undefined} onChange={vi.fn()} />,
      { fetch: createFakeApi({}).fetch },
    );
    await settled(failing.queryClient);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
