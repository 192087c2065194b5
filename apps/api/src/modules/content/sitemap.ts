import type { components } from '@gallop/api-client';
import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import {
  blogPosts,
  helpArticles,
  helpSections,
  organizers,
  seoPages,
  tours,
} from '#src/db/schema/index.ts';
import { findLegalDocument, LEGAL_ROUTES, type LegalKind } from './legal.ts';

/** sitemaps.org allows 50,000 URLs per file; past that, the least popular tours are left out. */
const SITEMAP_URL_LIMIT = 50_000;

/**
 * Public pages of the web client that exist whatever the catalogue holds (docs/product.md, Routes).
 */
const STATIC_PATHS = [
  '/',
  '/destinations',
  '/collections',
  '/tour-providers',
  '/blog',
  '/help-center',
  '/about',
  '/join',
  '/contacts',
  '/sitemap',
];

export interface SitemapUrl {
  /** Site-relative path, e.g. `/blog/what-to-pack-12`. */
  path: string;
  /** `YYYY-MM-DD`. */
  lastmod?: string | undefined;
}

const day = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Every page a robot should find: home and the fixed pages, SEO landing pages, the blog, the
 * help center, legal documents, organizers, and tours that still have a date ahead (most popular
 * first, so the cap drops the tail).
 */
export async function collectSitemapUrls(
  db: Database,
  now: Date,
  limit = SITEMAP_URL_LIMIT,
): Promise<SitemapUrl[]> {
  const today = day(now);
  const [seo, categories, posts, sections, articles, providers] = await Promise.all([
    db
      .select({ slug: seoPages.slug })
      .from(seoPages)
      .where(eq(seoPages.inSitemap, true))
      .orderBy(asc(seoPages.id)),
    db
      .selectDistinct({ category: blogPosts.category })
      .from(blogPosts)
      .where(lte(blogPosts.publishedAt, now))
      .orderBy(asc(blogPosts.category)),
    db
      .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(lte(blogPosts.publishedAt, now))
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)),
    db.select({ slug: helpSections.slug }).from(helpSections).orderBy(asc(helpSections.position)),
    db
      .select({ slug: helpArticles.slug, updatedAt: helpArticles.updatedAt })
      .from(helpArticles)
      .orderBy(asc(helpArticles.sectionId), asc(helpArticles.position)),
    db
      .select({ id: organizers.id })
      .from(organizers)
      .where(eq(organizers.isPublishedOnSite, true))
      .orderBy(asc(organizers.id)),
  ]);
  const legal: SitemapUrl[] = [];
  for (const [kind, route] of Object.entries(LEGAL_ROUTES) as [LegalKind, string][]) {
    const document = await findLegalDocument(db, kind, undefined, today);
    if (document) legal.push({ path: route, lastmod: document.effective_from });
  }

  const urls: SitemapUrl[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...seo.map((page) => ({ path: `/${page.slug}` })),
    ...categories.map((row) => ({ path: `/blog/${row.category}` })),
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastmod: day(post.publishedAt) })),
    ...sections.map((section) => ({ path: `/help-center/${section.slug}` })),
    ...articles.map((article) => ({
      path: `/help-center/${article.slug}`,
      lastmod: day(article.updatedAt),
    })),
    ...legal,
    ...providers.map((provider) => ({ path: `/tour-provider/${provider.id}` })),
  ];
  const room = limit - urls.length;
  if (room <= 0) return urls.slice(0, limit);
  const liveTours = await db
    .select({ slug: tours.slug })
    .from(tours)
    // Tour pages that answer 200: public (catalog/listed.ts) with a date ahead.
    .where(and(publicTour(), gte(tours.lastStartDate, today)))
    .orderBy(desc(tours.popularity), asc(tours.id))
    .limit(room);
  return [...urls, ...liveTours.map((tour) => ({ path: `/${tour.slug}` }))];
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** A sitemaps.org `urlset` with absolute URLs on `publicUrl`. */
export function renderSitemapXml(urls: readonly SitemapUrl[], publicUrl: string): string {
  const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
  const entries = urls.map(({ path, lastmod }) => {
    const loc = escapeXml(new URL(path.replace(/^\//, ''), base).href);
    return lastmod
      ? `<url><loc>${loc}</loc><lastmod>${lastmod}</lastmod></url>`
      : `<url><loc>${loc}</loc></url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** Entries of the HTML sitemap page: the SEO landing pages in the seed's order (grouped). */
export async function listSeoSitemapEntries(
  db: Database,
): Promise<components['schemas']['SitemapEntry'][]> {
  const rows = await db
    .select({ slug: seoPages.slug, title: seoPages.title, group: seoPages.groupName })
    .from(seoPages)
    .where(eq(seoPages.inSitemap, true))
    .orderBy(asc(seoPages.id));
  return rows.map((row) => ({ url: `/${row.slug}`, title: row.title, group: row.group }));
}
