import { createFileRoute } from '@tanstack/react-router';
import { ensureBlogIndex, ensureBlogPost, parseBlogAddress } from '../features/blog/api';
import { validateBlogSearch } from '../features/blog/blog-search';
import { BlogArticle } from '../features/blog/components/blog-article/blog-article';
import { BlogIndex } from '../features/blog/components/blog-index/blog-index';
import { blogIndexHeadData, blogPostHeadData } from '../features/blog/head';
import { pageHead, shareImage } from '../features/seo/head';
import { ownedSearch } from '../lib/owned-search';

/**
 * The blog (docs/product.md, Routes): `/blog/{slug-<id>}` is an article (an old slug redirects with
 * 301); `/blog` and `/blog/{category}` are the index, 20 posts a page (`?page=N`). Unknown -> 404.
 */
export const Route = createFileRoute('/blog/$')({
  validateSearch: ownedSearch(['page'], validateBlogSearch),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context, params, deps }) => {
    const { queryClient, api } = context;
    const address = parseBlogAddress(params._splat);
    if (address.kind === 'post') {
      const post = await ensureBlogPost(queryClient, api, address.slug);
      const { imageTemplate, publishedAt, ...head } = blogPostHeadData(post);
      const image = imageTemplate ? shareImage(imageTemplate) : undefined;
      return { head: { ...head, image }, publishedAt };
    }
    await ensureBlogIndex(queryClient, api, address.category, deps.page);
    return { head: blogIndexHeadData(address.category, deps.page), publishedAt: undefined };
  },
  head: ({ loaderData, match }) => {
    if (!loaderData) return {};
    const head = pageHead(loaderData.head, match.context.site.publicUrl);
    const published = loaderData.publishedAt
      ? [{ property: 'article:published_time', content: loaderData.publishedAt }]
      : [];
    return { ...head, meta: [...head.meta, ...published] };
  },
  component: BlogRoute,
});

function BlogRoute() {
  const { _splat } = Route.useParams();
  const { page = 1 } = Route.useSearch();
  const address = parseBlogAddress(_splat);
  if (address.kind === 'post') return <BlogArticle slug={address.slug} />;
  return <BlogIndex category={address.category} page={page} />;
}
