import { PAGINATION_LABELS, paginationRange } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import './blog-pagination.css';

/** Links to a parent address (`/blog` from `/blog/gear`) are not the current page. */
const EXACT = { exact: true } as const;

export interface BlogPaginationProps {
  category: string | undefined;
  page: number;
  pageCount: number;
}

/**
 * Page links for the blog index. Links rather than ui-kit's Pagination buttons: every page is
 * its own address that crawlers follow and readers can open in a new tab. Same page slots.
 */
export function BlogPagination({ category, page, pageCount }: BlogPaginationProps) {
  if (pageCount <= 1) return null;
  const link = (target: number) => ({
    to: '/blog/$' as const,
    params: { _splat: category ?? '' },
    search: target > 1 ? { page: target } : {},
    activeOptions: EXACT,
  });
  return (
    <nav className="blog-pagination" aria-label={PAGINATION_LABELS.navigation}>
      <ul className="blog-pagination__list">
        <li>
          {page > 1 ? (
            <Link {...link(page - 1)} className="blog-pagination__step" rel="prev">
              <span aria-hidden="true">‹</span> {PAGINATION_LABELS.prevButton}
            </Link>
          ) : null}
        </li>
        {paginationRange(page, pageCount).map((slot, index) =>
          slot === 'gap' ? (
            <li key={`gap-${index}`} className="blog-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={slot}>
              <Link
                {...link(slot)}
                className="blog-pagination__page"
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
            <Link {...link(page + 1)} className="blog-pagination__step" rel="next">
              {PAGINATION_LABELS.nextButton} <span aria-hidden="true">›</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
