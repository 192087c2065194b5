import { blogIndexPath, categoryLabel, type BlogPost } from './api';

export interface BlogIndexHeadData {
  title: string;
  description: string;
  canonical: string;
}

export function blogIndexHeadData(category: string | undefined, page: number): BlogIndexHeadData {
  const name = category ? `${categoryLabel(category)}: Gallop blog` : 'Blog';
  return {
    title: page > 1 ? `${name}, page ${page}` : name,
    description: category
      ? `${categoryLabel(category)}: articles from the Gallop blog about riding holidays with local guides.`
      : 'Destination guides, riding tips and stories from multi-day horseback tours with local guides.',
    canonical: blogIndexPath(category, page),
  };
}

export interface BlogPostHeadData {
  title: string;
  description: string | undefined;
  canonical: string;
  imageTemplate: string | undefined;
  imageAlt: string | undefined;
  type: 'article';
  publishedAt: string;
}

export function blogPostHeadData(post: BlogPost): BlogPostHeadData {
  return {
    title: post.seo?.title ?? post.title,
    description: post.seo?.description ?? post.excerpt,
    canonical: post.seo?.canonical ?? `/blog/${post.slug}`,
    imageTemplate: post.image?.image,
    imageAlt: post.image?.alt ?? post.title,
    type: 'article',
    publishedAt: post.published_at,
  };
}
