import { Button, PAGINATION_LABELS, type PaginationLabels } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { PageLinks } from '../../../../components/page-links/page-links';
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
 * 20N), which crawlers follow and a visitor can open in a new tab (`PageLinks`, as the blog's).
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
      <PageLinks
        page={page}
        pageCount={pageCount}
        prevLabel={labels.prevButton}
        nextLabel={labels.nextButton}
        renderLink={(target, props) => <Link {...link(target)} {...props} />}
      />
    </nav>
  );
}
