import { PAGINATION_LABELS } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { PageLinks } from '../../../../components/page-links/page-links';

/** Links to a parent address (`/blog` from `/blog/gear`) are not the current page. */
const EXACT = { exact: true } as const;

export interface BlogPaginationProps {
  category: string | undefined;
  page: number;
  pageCount: number;
}

/**
 * Page links for the blog index (`PageLinks`): every page is its own address that crawlers
 * follow and readers can open in a new tab.
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
      <PageLinks
        page={page}
        pageCount={pageCount}
        renderLink={(target, props) => <Link {...link(target)} {...props} />}
      />
    </nav>
  );
}
