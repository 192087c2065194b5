import type { LoadedSearchPage } from './api';

/** What a search page puts in the document head. */
export interface SearchHeadData {
  title: string;
  description: string | undefined;
  /**
   * The catalogue page without the visitor's filters: one address per page for crawlers. A
   * results page after the first has cards of its own (`?page=2`), so it names itself, as the
   * blog's pages do; the pagination's links carry `rel="prev"`/`"next"`.
   */
  canonical: string;
}

export function searchHeadData({ meta, page }: LoadedSearchPage): SearchHeadData {
  const { canonical } = meta;
  return {
    title: meta.title,
    description: meta.description ?? undefined,
    canonical:
      page > 1 ? `${canonical}${canonical.includes('?') ? '&' : '?'}page=${page}` : canonical,
  };
}
