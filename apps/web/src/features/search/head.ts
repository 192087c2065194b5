import type { SearchPageMeta } from './api';

/** What a search page puts in the document head. */
export interface SearchHeadData {
  title: string;
  description: string | undefined;
  /** The catalogue page without the visitor's filters: one address per page for crawlers. */
  canonical: string;
}

export function searchHeadData(meta: SearchPageMeta): SearchHeadData {
  return {
    title: meta.title,
    description: meta.description ?? undefined,
    canonical: meta.canonical,
  };
}
