import { PAGINATION_LABELS, paginationRange } from '@gallop/ui-kit';
import type { ReactNode } from 'react';
import './page-links.css';

/** What a page's link carries besides its address, which the caller's router link adds. */
interface PageLinkProps {
  className: string;
  rel?: 'prev' | 'next';
  'aria-label'?: string;
  'aria-current'?: 'page';
  children: ReactNode;
}

export interface PageLinksProps {
  page: number;
  pageCount: number;
  /** Page `target`'s link: the caller's router `Link` to that page's address, with `props`. */
  renderLink: (target: number, props: PageLinkProps) => ReactNode;
  prevLabel?: string;
  nextLabel?: string;
}

/**
 * Numbered page links (the blog, the search): every page is its own address that crawlers follow
 * and readers open in a new tab, with `rel="prev"`/`"next"` on the steps. Links rather than
 * ui-kit's Pagination, whose pages are buttons; the same slots (7, 3 around the current page)
 * and texts. On phones the steps show their arrows alone (the label stays their name).
 */
export function PageLinks({
  page,
  pageCount,
  renderLink,
  prevLabel = PAGINATION_LABELS.prevButton,
  nextLabel = PAGINATION_LABELS.nextButton,
}: PageLinksProps) {
  return (
    <ul className="page-links">
      <li>
        {page > 1
          ? renderLink(page - 1, {
              className: 'page-links__step',
              rel: 'prev',
              children: (
                <>
                  <span aria-hidden="true">‹</span>{' '}
                  <span className="page-links__step-label">{prevLabel}</span>
                </>
              ),
            })
          : null}
      </li>
      {paginationRange(page, pageCount).map((slot, index) =>
        slot === 'gap' ? (
          <li key={`gap-${index}`} className="page-links__gap" aria-hidden="true">
            …
          </li>
        ) : (
          <li key={slot}>
            {renderLink(slot, {
              className: 'page-links__page',
              'aria-label': PAGINATION_LABELS.page(slot),
              ...(slot === page ? { 'aria-current': 'page' as const } : {}),
              children: slot,
            })}
          </li>
        ),
      )}
      <li>
        {page < pageCount
          ? renderLink(page + 1, {
              className: 'page-links__step',
              rel: 'next',
              children: (
                <>
                  <span className="page-links__step-label">{nextLabel}</span>{' '}
                  <span aria-hidden="true">›</span>
                </>
              ),
            })
          : null}
      </li>
    </ul>
  );
}
