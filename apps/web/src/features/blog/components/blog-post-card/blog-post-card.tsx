import { imageUrl } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { formatContentDate } from '../../../../components/rich-text/content-date';
import type { BlogPostSummary } from '../../api';
import './blog-post-card.css';

/** 16:9 pictures: 480 wide on cards, 960 on the featured one; twice that for sharp screens. */
const CARD_IMAGE = { size: '480x270', size2x: '960x540', width: 480, height: 270 } as const;
const FEATURED_IMAGE = { size: '960x540', size2x: '1920x1080', width: 960, height: 540 } as const;

export interface BlogPostCardProps {
  post: BlogPostSummary;
  /** The newest post on the blog's first page: a wide card with a bigger picture. */
  featured?: boolean;
  /** Cards in the first screen load their pictures at once. */
  eager?: boolean;
  /** The card title's level: h2 on the index, h3 under a section heading. */
  headingLevel?: 2 | 3;
}

/** A post in a list: picture, date, title (the link) and excerpt; the whole card is clickable. */
export function BlogPostCard({
  post,
  featured = false,
  eager = false,
  headingLevel = 2,
}: BlogPostCardProps) {
  const image = featured ? FEATURED_IMAGE : CARD_IMAGE;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`blog-post-card${featured ? ' blog-post-card--featured' : ''}`}>
      <div className="blog-post-card__media">
        {post.image ? (
          <img
            className="blog-post-card__image"
            src={imageUrl(post.image.image, image.size)}
            srcSet={`${imageUrl(post.image.image, image.size)} 1x, ${imageUrl(post.image.image, image.size2x)} 2x`}
            width={image.width}
            height={image.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : null}
      </div>
      <div className="blog-post-card__body">
        <p className="blog-post-card__date">
          <time dateTime={post.published_at}>{formatContentDate(post.published_at)}</time>
        </p>
        <Heading className="blog-post-card__title">
          <Link to="/blog/$" params={{ _splat: post.slug }} className="blog-post-card__link">
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? <p className="blog-post-card__excerpt">{post.excerpt}</p> : null}
        <span className="blog-post-card__more" aria-hidden="true">
          Read more <span>→</span>
        </span>
      </div>
    </article>
  );
}
