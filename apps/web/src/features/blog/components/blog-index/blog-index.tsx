import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { countText } from '@gallop/ui-kit';
import { useApi } from '../../../../lib/api';
import { blogPostsQueryOptions, categoryLabel, type BlogPostList } from '../../api';
import { BlogPagination } from '../blog-pagination/blog-pagination';
import { BlogPostCard } from '../blog-post-card/blog-post-card';
import './blog-index.css';

/** Links to a parent address (`/blog` from `/blog/gear`) are not the current page. */
const EXACT = { exact: true } as const;

export interface BlogIndexProps {
  category: string | undefined;
  page: number;
}

/** The blog index (`/blog`, `/blog/{category}`, `?page=N`), from the query the loader filled. */
export function BlogIndex({ category, page }: BlogIndexProps) {
  const api = useApi();
  const { data } = useSuspenseQuery(blogPostsQueryOptions(api, category, page));
  return <BlogIndexView category={category} page={page} list={data} />;
}

export interface BlogIndexViewProps extends BlogIndexProps {
  list: BlogPostList;
}

export function BlogIndexView({ category, page, list }: BlogIndexViewProps) {
  // The newest post leads the blog's front page; categories and later pages are plain grids.
  const featured = !category && page === 1 ? list.items[0] : undefined;
  const rest = featured ? list.items.slice(1) : list.items;
  const { total, page_count: pageCount } = list.pagination;
  return (
    <div className="blog-index page-container">
      <header className="blog-index__header">
        {category ? (
          <p className="blog-index__eyebrow">
            <Link to="/blog/$" params={{ _splat: '' }} activeOptions={EXACT}>
              Gallop blog
            </Link>
          </p>
        ) : (
          <p className="blog-index__eyebrow">Gallop blog</p>
        )}
        <h1 className="display-heading blog-index__title">
          {category ? categoryLabel(category) : 'Stories from the saddle'}
        </h1>
        <p className="blog-index__intro">
          {category
            ? `${countText('{count} article(s)', total)} in this category.`
            : 'Destination guides, riding tips and travellers’ stories to help you choose your next horseback holiday.'}
          {page > 1 ? ` Page ${page} of ${pageCount}.` : ''}
        </p>
      </header>
      {featured ? (
        <div className="blog-index__featured">
          <BlogPostCard post={featured} featured eager />
        </div>
      ) : null}
      <div className="blog-index__grid">
        {rest.map((post, index) => (
          <BlogPostCard key={post.id} post={post} eager={!featured && index < 3} />
        ))}
      </div>
      <BlogPagination category={category} page={page} pageCount={pageCount} />
    </div>
  );
}
