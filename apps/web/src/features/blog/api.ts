import type { components, GallopClient } from '@gallop/api-client';
import { getBlogPostQueryOptions, listBlogPostsQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { orNotFound } from '../../lib/not-found';

export type BlogPost = components['schemas']['BlogPost'];
export type BlogPostSummary = components['schemas']['BlogPostSummary'];
export type BlogPostList = components['schemas']['BlogPostList'];

/** Blog posts 20 per page; similar blog posts 3 (docs/product.md, Constants). */
const BLOG_PAGE_SIZE = 20;
const SIMILAR_POSTS_LIMIT = 3;

/**
 * What a `/blog/{slug*}` address shows (docs/product.md, Routes): one segment ending in a dash and
 * a number is an article; anything else is the index, all posts or a category's
 * (`/blog/riding-tips`).
 */
export type BlogAddress =
  { kind: 'post'; slug: string } | { kind: 'index'; category: string | undefined };

const POST_SLUG = /^[^/]+-\d+$/;

export function parseBlogAddress(splat: string | undefined): BlogAddress {
  const path = (splat ?? '').replace(/^\/+|\/+$/g, '');
  if (path === '') return { kind: 'index', category: undefined };
  return POST_SLUG.test(path) ? { kind: 'post', slug: path } : { kind: 'index', category: path };
}

/** 'riding-tips' -> 'Riding tips': the API names categories by slug only. */
export function categoryLabel(category: string): string {
  const words = category.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The address of an index page: `/blog`, `/blog/{category}`, `?page=N` after the first. */
export function blogIndexPath(category: string | undefined, page = 1): string {
  const path = category ? `/blog/${category}` : '/blog';
  return page > 1 ? `${path}?page=${page}` : path;
}

export function blogPostsQueryOptions(
  api: GallopClient<true>,
  category: string | undefined,
  page: number,
) {
  return listBlogPostsQueryOptions(api, {
    query: {
      ...(category ? { slug: category } : {}),
      page,
      'per-page': BLOG_PAGE_SIZE,
      with_alt: 1,
    },
  });
}

export function blogPostQueryOptions(api: GallopClient<true>, slug: string) {
  return getBlogPostQueryOptions(api, {
    query: { slug, similar_limit: SIMILAR_POSTS_LIMIT, with_alt: 1 },
  });
}

/** The contract's last `page` (parameters.yaml): past it the API answers 400, not an empty page. */
const API_MAX_PAGE = 10_000;

/** Loads an index page; an unknown category or a page past the last is the 404 page. */
export async function ensureBlogIndex(
  queryClient: QueryClient,
  api: GallopClient<true>,
  category: string | undefined,
  page: number,
): Promise<BlogPostList> {
  if (page > API_MAX_PAGE) throw notFound();
  const list = await orNotFound(
    queryClient.ensureQueryData(blogPostsQueryOptions(api, category, page)),
  );
  if (page > 1 && list.items.length === 0) throw notFound();
  return list;
}

/** A moved post: browsers and crawlers go to its current address for good. */
const MOVED_PERMANENTLY = 301;

/**
 * Loads an article. An old slug whose `-<id>` still names a post redirects (301) to the post's
 * current address, as moved tours do; an unknown post is the 404 page.
 */
export async function ensureBlogPost(
  queryClient: QueryClient,
  api: GallopClient<true>,
  slug: string,
): Promise<BlogPost> {
  const post = await orNotFound(queryClient.ensureQueryData(blogPostQueryOptions(api, slug)));
  if (post.slug !== slug) {
    throw redirect({ href: `/blog/${post.slug}`, statusCode: MOVED_PERMANENTLY });
  }
  return post;
}
