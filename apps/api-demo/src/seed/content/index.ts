import { asc, desc, eq } from 'drizzle-orm';
import {
  blogPosts,
  helpArticles,
  seoPages,
  shortLinks,
  tours,
} from '@gallop/api/src/db/schema/index.ts';
import type { SeedContext } from '../context.ts';
import { seedBlog } from './blog.ts';
import { seedClimate } from './climate.ts';
import { seedHelpCenter } from './help-center.ts';
import { seedLegalDocuments } from './legal.ts';
import { seedSeoPages } from './seo-pages.ts';
import { seedSite } from './site.ts';

/**
 * `/r/{id}` short links, as a newsletter or a printed flyer would use them: the most popular
 * tour, the newest blog post, a help article and a landing page, with campaign tags.
 */
async function seedShortLinks(ctx: SeedContext): Promise<number> {
  const { db } = ctx;
  const [[tour], [post], [article], [page]] = await Promise.all([
    db
      .select({ slug: tours.slug })
      .from(tours)
      .where(eq(tours.isPublished, true))
      .orderBy(desc(tours.popularity), asc(tours.id))
      .limit(1),
    db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(1),
    db
      .select({ slug: helpArticles.slug })
      .from(helpArticles)
      .orderBy(asc(helpArticles.id))
      .limit(1),
    db.select({ slug: seoPages.slug }).from(seoPages).orderBy(asc(seoPages.id)).limit(1),
  ]);
  const targets = [
    tour && `/${tour.slug}?utm_source=newsletter&utm_campaign=top_tour`,
    post && `/blog/${post.slug}?utm_source=newsletter&utm_campaign=blog`,
    article && `/help-center/${article.slug}`,
    page && `/${page.slug}?utm_source=flyer&utm_campaign=trade_fair&utm_content=qr`,
    '/tour-providers',
  ].filter((target): target is string => Boolean(target));
  const createdAt = new Date(`${ctx.today}T08:00:00Z`);
  await db.insert(shortLinks).values(targets.map((targetUrl) => ({ targetUrl, createdAt })));
  return targets.length;
}

/**
 * The content tables: blog, help center, legal documents, climate normals, contacts and site
 * settings, SEO landing pages and short links. Runs after the catalogue (it reads geography,
 * taxonomy and tours); uses only `ctx.random` and `ctx.today`, so it is deterministic.
 */
export async function seedContent(ctx: SeedContext): Promise<void> {
  const climate = await seedClimate(ctx);
  ctx.log(`content: climate normals for ${climate} destinations`);
  await seedSite(ctx);
  await seedLegalDocuments(ctx);
  const articles = await seedHelpCenter(ctx);
  const posts = await seedBlog(ctx);
  const pages = await seedSeoPages(ctx);
  const links = await seedShortLinks(ctx);
  ctx.log(
    `content: ${posts} blog posts, ${articles} help articles, ${pages} SEO pages, ${links} short links`,
  );
}
