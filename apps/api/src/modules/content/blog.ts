import type { components } from '@gallop/api-client';
import { and, count, desc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { blogPosts } from '#src/db/schema/index.ts';
import { generatedImageUrl, type MediaScene } from '#src/modules/media/index.ts';
import { isPastEnd, pagination } from './pagination.ts';

type Schemas = components['schemas'];
type BlogPostRow = typeof blogPosts.$inferSelect;

export const BLOG_PAGE_SIZE = 20;
export const SIMILAR_POSTS_LIMIT = 3;

/** The picture kind that suits each blog category (generated pictures, see media/urls.ts). */
const CATEGORY_SCENES: Record<string, MediaScene> = {
  destinations: 'landscape',
  'riding-tips': 'horse',
  'horse-care': 'horse',
  gear: 'camp',
  planning: 'trail',
  stories: 'trail',
};

function blogImage(row: BlogPostRow, withAlt: boolean): Schemas['MediaItem'] {
  return {
    image: generatedImageUrl(CATEGORY_SCENES[row.category] ?? 'landscape', row.imageSeed),
    ...(withAlt ? { alt: row.title } : {}),
  };
}

function toSummary(row: BlogPostRow, withAlt: boolean): Schemas['BlogPostSummary'] {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    published_at: row.publishedAt.toISOString(),
    image: blogImage(row, withAlt),
  };
}

/** Posts whose publication time has come (a post may be scheduled ahead). */
const publishedBy = (now: Date) => lte(blogPosts.publishedAt, now);

export interface BlogListQuery {
  category?: string | undefined;
  page: number;
  perPage: number;
  withAlt: boolean;
  now: Date;
}

/**
 * One page of posts, newest first; `id` breaks ties so pages never overlap or skip a post.
 * Returns undefined for a category with no posts (the index page answers 404).
 */
export async function listBlogPosts(
  db: Database,
  query: BlogListQuery,
): Promise<Schemas['BlogPostList'] | undefined> {
  const where = and(
    publishedBy(query.now),
    query.category ? eq(blogPosts.category, query.category) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count().mapWith(Number) })
    .from(blogPosts)
    .where(where);
  if (query.category && total === 0) return undefined;
  const rows = isPastEnd(query.page, query.perPage, total)
    ? []
    : await db
        .select()
        .from(blogPosts)
        .where(where)
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
  return {
    items: rows.map((row) => toSummary(row, query.withAlt)),
    pagination: pagination(query.page, query.perPage, total),
  };
}

/** `iceland-in-june-42` -> 42. */
export function blogPostIdFromSlug(slug: string): number | undefined {
  const match = /-(\d{1,9})$/.exec(slug);
  return match ? Number(match[1]) : undefined;
}

/**
 * A post by slug. A slug whose `-<id>` names a post but whose words differ (the title was
 * edited, or a link was mistyped) still finds that post: the answer carries the current slug and
 * canonical URL, and the web redirects there permanently, as it does for moved tours.
 */
export async function findBlogPost(
  db: Database,
  slug: string,
  now: Date,
): Promise<BlogPostRow | undefined> {
  const id = blogPostIdFromSlug(slug);
  const bySlugOrId: SQL | undefined =
    id === undefined
      ? eq(blogPosts.slug, slug)
      : sql`(${blogPosts.slug} = ${slug} or ${blogPosts.id} = ${id})`;
  const rows = await db
    .select()
    .from(blogPosts)
    .where(and(bySlugOrId, publishedBy(now)))
    // The exact slug wins over an id match (two rows can only come from different posts).
    .orderBy(sql`${blogPosts.slug} = ${slug} desc`)
    .limit(1);
  return rows[0];
}

/** Posts like `post`: same category first, then most shared tags, then the newest. */
async function similarPosts(
  db: Database,
  post: BlogPostRow,
  limit: number,
  now: Date,
): Promise<BlogPostRow[]> {
  if (limit === 0) return [];
  const tags = post.tags.length
    ? sql`array[${sql.join(
        post.tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`
    : sql`array[]::text[]`;
  return db
    .select()
    .from(blogPosts)
    .where(and(ne(blogPosts.id, post.id), publishedBy(now)))
    .orderBy(
      sql`(${blogPosts.category} = ${post.category}) desc`,
      sql`(select count(*) from unnest(${blogPosts.tags}) as tag where tag = any(${tags})) desc`,
      desc(blogPosts.publishedAt),
      desc(blogPosts.id),
    )
    .limit(limit);
}

export async function blogPostAnswer(
  db: Database,
  post: BlogPostRow,
  options: { similarLimit: number; withAlt: boolean; now: Date },
): Promise<Schemas['BlogPost']> {
  const similar = await similarPosts(db, post, options.similarLimit, options.now);
  return {
    ...toSummary(post, options.withAlt),
    body: post.body,
    similar: similar.map((row) => toSummary(row, options.withAlt)),
    seo: {
      title: post.title,
      h1: post.title,
      description: post.excerpt,
      canonical: `/blog/${post.slug}`,
    },
  };
}
