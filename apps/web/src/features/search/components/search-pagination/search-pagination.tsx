import { Button, PAGINATION_LABELS, paginationRange, type PaginationLabels } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import type { FilterSearch } from '../../search-url';
import './search-pagination.css';

export interface SearchPaginationProps {
  slug: string;
  /** The address's search without its page: each page's link is this search on that page. */
  search: FilterSearch;
  /** The page shown last (the address's page). */
  page: number;
  pageCount: number;
  /** Cards on screen, and in the whole search ('Showing {shown} of {total}'). */
  shown: number;
  total: number;
  /** Appends the next page to the cards shown ('Show more'); busy while it loads. */
  onLoadMore: () => void;
  loadingMore: boolean;
  /** A page link was followed (the page scrolls to the results). */
  onPageLink?: () => void;
  labels: Pick<PaginationLabels, 'loadMoreButton' | 'prevButton' | 'nextButton' | 'totalText'>;
}

/** A page's link is current on its own address only, not on every page of the search. */
const EXACT = { exact: true } as const;

/** The address of a results page: page 1 is the search without `page`. */
function pageSearch(search: FilterSearch, page: number): FilterSearch {
  const { page: _page, ...rest } = search;
  return page > 1 ? { ...rest, page } : rest;
}

/**
 * The search's pagination: 'Show more' appends the next page to the cards on screen, and the
 * page numbers are links, each to the address of that page alone (`?page=N`, cards 20N-19 to
 * 20N), which crawlers follow and a visitor can open in a new tab, with `rel="prev"`/`"next"` on
 * the steps. Links rather than ui-kit's Pagination, whose page numbers are buttons; same slots
 * (7, 3 around the current page) and the spec's pagination texts.
 */
export function SearchPagination({
  slug,
  search,
  page,
  pageCount,
  shown,
  total,
  onLoadMore,
  loadingMore,
  onPageLink,
  labels,
}: SearchPaginationProps) {
  if (pageCount <= 1) return null;
  const link = (target: number) => ({
    to: '/$slug' as const,
    params: { slug },
    search: pageSearch(search, target),
    resetScroll: false,
    activeOptions: EXACT,
    onClick: onPageLink,
  });
  return (
    <nav className="search-pagination" aria-label={PAGINATION_LABELS.navigation}>
      {page < pageCount && (
        <Button
          block
          onClick={onLoadMore}
          loading={loadingMore}
          className="search-pagination__more"
        >
          {labels.loadMoreButton}
        </Button>
      )}
      <p className="search-pagination__total">{labels.totalText(shown, total)}</p>
      <ul className="search-pagination__list">
        <li>
          {page > 1 ? (
            <Link {...link(page - 1)} className="search-pagination__step" rel="prev">
              <span aria-hidden="true">‹</span>{' '}
              <span className="search-pagination__step-label">{labels.prevButton}</span>
            </Link>
          ) : null}
        </li>
        {paginationRange(page, pageCount).map((slot, index) =>
          slot === 'gap' ? (
            <li key={`gap-${index}`} className="search-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={slot}>
              <Link
                {...link(slot)}
                className="search-pagination__page"
                aria-label={PAGINATION_LABELS.page(slot)}
                aria-current={slot === page ? 'page' : undefined}
              >
                {slot}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link {...link(page + 1)} className="search-pagination__step" rel="next">
              <span className="search-pagination__step-label">{labels.nextButton}</span>{' '}
              <span aria-hidden="true">›</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
