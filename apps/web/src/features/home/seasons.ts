import type { components } from '@gallop/api-client';
import { filtersToQuery } from '@gallop/search-filters';

type Season = components['schemas']['Season'];

/** A window of dates, as a season or a calendar period gives it. */
export interface DateWindow {
  date_from: string;
  date_to: string;
}

/**
 * The seasons soonest first. Seasons have no landing page of their own (their slugs are not SEO
 * pages): a season stands for its next window of dates, which the API answers with it
 * (decision 048), and links to the search for those dates.
 */
export function seasonsBySoonest(seasons: readonly Season[]): Season[] {
  return [...seasons].sort(
    (a, b) => a.date_from.localeCompare(b.date_from) || a.date_to.localeCompare(b.date_to),
  );
}

/** The catalogue-wide search for a window's dates, as the date filter writes it. */
export function periodSearchHref(window: DateWindow): string {
  const query = filtersToQuery({ dateFrom: window.date_from, dateTo: window.date_to });
  return `/tours?${new URLSearchParams(query).toString()}`;
}
