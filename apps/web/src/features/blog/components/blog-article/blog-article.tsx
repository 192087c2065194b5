import { Breadcrumbs, imageUrl } from '@gallop/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatContentDate } from '../../../../components/rich-text/content-date';
import { RichText } from '../../../../components/rich-text/rich-text';
import { ShareButtons } from '../../../../components/share-buttons/share-buttons';
import { useApi } from '../../../../lib/api';
import { blogPostQueryOptions, type BlogPost } from '../../api';
import { BlogPostCard } from '../blog-post-card/blog-post-card';
import './blog-article.css';

/** Links to a parent address (`/blog` from `/blog/gear`) are not the current page. */
const EXACT = { exact: true } as const;

/** The hero picture: 16:9 at the article's width, twice that for sharp screens. */
const HERO_IMAGE = { size: '960x540', size2x: '1920x1080', width: 960, height: 540 } as const;

/** Words a minute of an unhurried reader, for the reading time. */
const READING_WORDS_PER_MINUTE = 200;

/** '4 min read' from the body's words (tags removed); at least a minute. */
function readingTime(html: string): string {
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return `${Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE))} min read`;
}

/** An article (`/blog/{slug-<id>}`), from the query the loader filled. */
export function BlogArticle({ slug }: { slug: string }) {
  const api = useApi();
  const { data } = useSuspenseQuery(blogPostQueryOptions(api, slug));
  return <BlogArticleView post={data} />;
}

export function BlogArticleView({ post }: { post: BlogPost }) {
  const title = post.seo?.h1 ?? post.title;
  const similar = post.similar ?? [];
  return (
    <div className="blog-article">
      <article className="blog-article__article page-container">
        <Breadcrumbs
          className="blog-article__breadcrumbs"
          items={[
            { url: '/', text: 'Home' },
            { url: '/blog', text: 'Blog' },
            { url: `/blog/${post.slug}`, text: post.title },
          ]}
        />
        <header className="blog-article__header">
          <h1 className="display-heading blog-article__title">{title}</h1>
          <p className="blog-article__meta">
            <time dateTime={post.published_at}>{formatContentDate(post.published_at)}</time>
            {post.body ? <span>{readingTime(post.body)}</span> : null}
          </p>
          <ShareButtons
            className="blog-article__share"
            path={`/blog/${post.slug}`}
            title={post.title}
            label="Share this article"
          />
        </header>
        {post.image ? (
          <img
            className="blog-article__hero"
            src={imageUrl(post.image.image, HERO_IMAGE.size)}
            srcSet={`${imageUrl(post.image.image, HERO_IMAGE.size)} 1x, ${imageUrl(post.image.image, HERO_IMAGE.size2x)} 2x`}
            width={HERO_IMAGE.width}
            height={HERO_IMAGE.height}
            alt={post.image.alt ?? ''}
            fetchPriority="high"
          />
        ) : null}
        <div className="blog-article__content">
          {post.excerpt ? <p className="blog-article__lead">{post.excerpt}</p> : null}
          {post.body ? <RichText html={post.body} /> : null}
          <p className="blog-article__back">
            <Link to="/blog/$" params={{ _splat: '' }} activeOptions={EXACT}>
              ← All articles
            </Link>
          </p>
        </div>
      </article>
      {similar.length > 0 ? (
        <section className="blog-article__similar" aria-labelledby="similar-posts-heading">
          <div className="page-container">
            <h2 id="similar-posts-heading" className="display-heading blog-article__similar-title">
              You might also like
            </h2>
            <div className="blog-article__similar-grid">
              {similar.map((item) => (
                <BlogPostCard key={item.id} post={item} headingLevel={3} />
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </div>
  );
}
