import '../tokens/tokens.css';
import './pagination.css';
import { Button } from '../button/button';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** At most this many page slots (numbers and gaps) are shown (docs/product.md, Constants: 7). */
export const PAGINATION_MAX_SLOTS = 7;
/**
 * Pages shown around the current one in the middle of a long range (docs/product.md, Constants: 3).
 */
export const PAGINATION_AROUND_CURRENT = 3;

/** Defaults for the spec's pagination.* translation keys. */
export interface PaginationLabels {
  /** pagination.prev_btn */
  prevButton: string;
  /** pagination.next_btn */
  nextButton: string;
  /** pagination.load_more_btn */
  loadMoreButton: string;
  /** pagination.total_text */
  totalText: (shown: number, total: number) => string;
  /** Accessible name of the navigation landmark. */
  navigation: string;
  /** Accessible name of a page button. */
  page: (page: number) => string;
}

export const PAGINATION_LABELS: PaginationLabels = {
  prevButton: 'Previous',
  nextButton: 'Next',
  loadMoreButton: 'Show more',
  totalText: (shown, total) => `Showing ${shown} of ${total}`,
  navigation: 'Pagination',
  page: (page) => `Page ${page}`,
};

export type PaginationSlot = number | 'gap';

/**
 * The page numbers to show, with 'gap' for skipped runs: all pages when they fit in 7 slots,
 * else the first and last page, the 3 pages around the current one, and gaps between.
 */
export function paginationRange(page: number, pageCount: number): PaginationSlot[] {
  const count = Math.max(0, Math.floor(pageCount));
  if (count <= PAGINATION_MAX_SLOTS) return Array.from({ length: count }, (_, i) => i + 1);
  const current = Math.min(Math.max(1, page), count);
  const side = Math.floor(PAGINATION_AROUND_CURRENT / 2);
  // First page, gap, window, gap, last page: the window is 7 - 4 = 3 pages in the middle,
  // and grows to 5 at either end where one gap disappears.
  const edgeRun = PAGINATION_MAX_SLOTS - 2;
  if (current <= edgeRun - side) {
    return [...Array.from({ length: edgeRun }, (_, i) => i + 1), 'gap', count];
  }
  if (current >= count - edgeRun + side + 1) {
    return [1, 'gap', ...Array.from({ length: edgeRun }, (_, i) => count - edgeRun + 1 + i)];
  }
  const around = Array.from({ length: PAGINATION_AROUND_CURRENT }, (_, i) => current - side + i);
  return [1, 'gap', ...around, 'gap', count];
}

/** Native props, `className`, `style` and `ref` go to the `<nav>`. */
export interface PaginationProps extends NativeProps<'nav'> {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Shows 'Show more', which appends the next page. */
  onLoadMore?: () => void;
  loadingMore?: boolean;
  /** With `total`, shows 'Showing {shown} of {total}'. */
  shown?: number;
  total?: number;
  labels?: Partial<PaginationLabels>;
}

/**
 * Page links for a long list, with an optional 'Show more' that appends the
 * next page and a 'Showing {shown} of {total}' count; labels are translatable.
 *
 * **Usage.** Do keep the page in the URL so a link or Back returns to it, and pass `shown` and
 * `total` when known. Don't paginate a list that fits on one page, and don't combine 'Show more'
 * with page links that would then skip items.
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  onLoadMore,
  loadingMore = false,
  shown,
  total,
  labels,
  className,
  ...rest
}: PaginationProps) {
  const text = { ...PAGINATION_LABELS, ...labels };
  const slots = paginationRange(page, pageCount);
  return (
    <nav {...rest} aria-label={text.navigation} className={cx('gk-pagination', className)}>
      {onLoadMore && page < pageCount && (
        <Button block onClick={onLoadMore} loading={loadingMore} className="gk-pagination__more">
          {text.loadMoreButton}
        </Button>
      )}
      {shown !== undefined && total !== undefined && (
        <p className="gk-pagination__total">{text.totalText(shown, total)}</p>
      )}
      {pageCount > 1 && (
        <ul className="gk-pagination__list">
          <li>
            <button
              type="button"
              className="gk-pagination__step"
              disabled={page <= 1}
              onClick={() => onPageChange(page - 1)}
            >
              <span aria-hidden="true">‹</span>{' '}
              <span className="gk-pagination__step-label">{text.prevButton}</span>
            </button>
          </li>
          {slots.map((slot, index) =>
            slot === 'gap' ? (
              <li key={`gap-${index}`} className="gk-pagination__gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={slot}>
                <button
                  type="button"
                  className="gk-pagination__page"
                  aria-label={text.page(slot)}
                  aria-current={slot === page ? 'page' : undefined}
                  onClick={() => slot !== page && onPageChange(slot)}
                >
                  {slot}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              className="gk-pagination__step"
              disabled={page >= pageCount}
              onClick={() => onPageChange(page + 1)}
            >
              <span className="gk-pagination__step-label">{text.nextButton}</span>{' '}
              <span aria-hidden="true">›</span>
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}
