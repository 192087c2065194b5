import { and, asc, desc, eq, gte } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  blogPosts,
  helpArticles,
  helpSections,
  legalDocuments,
  organizers,
  seoPages,
  tours,
} from '#src/db/schema/index.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { expectContractError, useTestApp } from './testing.ts';
import { contentHandlers } from './handlers.ts';
import { createRatesCache } from '#src/shared/money/rates.ts';
import { renderSitemapXml } from './sitemap.ts';

const shared = useTestApp();
let db: Database;
beforeAll(() => {
  db = shared.db;
});

const get = (url: string) => shared.get(url);

interface Article {
  id: number;
  section_id: number;
  slug: string;
  title: string;
  body?: string;
}
interface Section {
  id: number;
  slug: string;
  title: string;
  articles?: Article[];
}

describe('help center', () => {
  it('lists the sections in order with their article titles, no bodies', async () => {
    const sections = await db.select().from(helpSections).orderBy(asc(helpSections.position));
    expect(sections.length).toBeGreaterThanOrEqual(5);
    const response = await get('/spa/help-center-sections');
    expect(response.statusCode).toBe(200);
    const body = expectContractResponse(response, 'listHelpCenterSections') as { items: Section[] };
    expect(body.items.map((section) => section.slug)).toEqual(sections.map((row) => row.slug));
    for (const section of body.items) {
      expect(section.articles!.length, section.slug).toBeGreaterThanOrEqual(4);
      expect(section.articles!.length, section.slug).toBeLessThanOrEqual(8);
      for (const article of section.articles!) {
        expect(article.section_id).toBe(section.id);
        expect(article).not.toHaveProperty('body');
      }
    }
  });

  it('answers one section with its articles in order', async () => {
    const [section] = await db.select().from(helpSections).orderBy(asc(helpSections.id)).limit(1);
    const articles = await db
      .select()
      .from(helpArticles)
      .where(eq(helpArticles.sectionId, section!.id))
      .orderBy(asc(helpArticles.position));
    const response = await get(`/spa/help-center-section?slug=${section!.slug}`);
    expect(response.statusCode).toBe(200);
    const body = expectContractResponse(response, 'getHelpCenterSection') as Section;
    expect(body).toMatchObject({ id: section!.id, title: section!.title });
    expect(body.articles!.map((article) => article.slug)).toEqual(articles.map((row) => row.slug));
  });

  it('answers an article with its HTML body', async () => {
    const [article] = await db.select().from(helpArticles).orderBy(desc(helpArticles.id)).limit(1);
    const response = await get(`/spa/help-center-article?slug=${article!.slug}`);
    expect(response.statusCode).toBe(200);
    const body = expectContractResponse(response, 'getHelpCenterArticle') as Article;
    expect(body).toMatchObject({
      id: article!.id,
      section_id: article!.sectionId,
      title: article!.title,
      body: article!.body,
    });
  });

  it('tells the trust claims of the spec: 3-D Secure, no card data stored, vetted providers', async () => {
    const bodies = (await db.select({ body: helpArticles.body }).from(helpArticles))
      .map((row) => row.body)
      .join('\n');
    expect(bodies).toContain('3-D Secure');
    expect(bodies).toMatch(/never sees or stores your card/);
    expect(bodies).toMatch(/Identity verification/i);
    expect(bodies).toMatch(/removed from Gallop permanently/);
  });

  it('keeps article and section slugs apart (both live under /help-center/{slug})', async () => {
    const sections = (await db.select({ slug: helpSections.slug }).from(helpSections)).map(
      (r) => r.slug,
    );
    const articles = (await db.select({ slug: helpArticles.slug }).from(helpArticles)).map(
      (r) => r.slug,
    );
    expect(sections.filter((slug) => articles.includes(slug))).toEqual([]);
  });

  it('answers 404 for unknown slugs', async () => {
    for (const [operationId, url] of [
      ['getHelpCenterSection', '/spa/help-center-section?slug=nope'],
      ['getHelpCenterArticle', '/spa/help-center-article?slug=nope'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expectContractError(response, operationId);
    }
  });
});

describe('GET /spa/legal-document (getLegalDocument)', () => {
  interface LegalBody {
    kind: string;
    version: number;
    body: string;
    effective_from: string;
    versions: { version: number; effective_from: string }[];
  }
  const legal = async (query: string) => {
    const response = await get(`/spa/legal-document?${query}`);
    expect(response.statusCode, query).toBe(200);
    return expectContractResponse(response, 'getLegalDocument') as LegalBody;
  };

  it('answers the version in force without a version, with every version listed newest first', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const kind of ['terms', 'privacy', 'cookies', 'offer'] as const) {
      const rows = await db
        .select()
        .from(legalDocuments)
        .where(eq(legalDocuments.kind, kind))
        .orderBy(desc(legalDocuments.version));
      expect(rows.length, kind).toBeGreaterThanOrEqual(2);
      const inForce = rows.find((row) => row.effectiveFrom <= today)!;
      const body = await legal(`kind=${kind}`);
      expect(body).toMatchObject({ kind, version: inForce.version, body: inForce.body });
      expect(body.versions).toEqual(
        rows.map((row) => ({ version: row.version, effective_from: row.effectiveFrom })),
      );
    }
  });

  it('answers an older version on request, with its own text and date', async () => {
    const [first] = await db
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.kind, 'terms'), eq(legalDocuments.version, 1)));
    const body = await legal('kind=terms&version=1');
    expect(body).toMatchObject({
      version: 1,
      body: first!.body,
      effective_from: first!.effectiveFrom,
    });
    expect(body.body).not.toBe((await legal('kind=terms')).body);
  });

  it('answers 404 for a version that does not exist and 400 for an unknown kind', async () => {
    const missing = await get('/spa/legal-document?kind=privacy&version=99');
    expect(missing.statusCode).toBe(404);
    expectContractError(missing, 'getLegalDocument');
    const unknown = await get('/spa/legal-document?kind=manifesto');
    expect(unknown.statusCode).toBe(400);
    expectContractError(unknown, 'getLegalDocument');
  });
});

describe('GET /sitemap.xml (getSitemapXml)', () => {
  const parser = new XMLParser({ isArray: (name) => name === 'url' });

  async function sitemap() {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(XMLValidator.validate(response.body)).toBe(true);
    const document = parser.parse(response.body) as {
      urlset: { url: { loc: string; lastmod?: string }[] };
    };
    return { xml: response.body, urls: document.urlset.url };
  }

  it('is a well-formed sitemaps.org urlset of absolute URLs on the public site', async () => {
    const { xml, urls } = await sitemap();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(urls.length).toBeGreaterThan(300);
    for (const { loc, lastmod } of urls) {
      expect(loc.startsWith('http://127.0.0.1:3000/')).toBe(true);
      if (lastmod !== undefined) expect(String(lastmod)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(new Set(urls.map((url) => url.loc)).size).toBe(urls.length);
    expect(urls[0]!.loc).toBe('http://127.0.0.1:3000/');
  });

  it('holds every live tour, SEO page, blog post, help article and legal page', async () => {
    const { urls } = await sitemap();
    const locs = new Set(urls.map((url) => url.loc));
    const site = (path: string) => `http://127.0.0.1:3000${path}`;
    const today = new Date().toISOString().slice(0, 10);
    // Tour pages that answer 200: public (of a published organizer too) with a date ahead.
    const live = await db
      .select({ slug: tours.slug })
      .from(tours)
      .where(and(publicTour(), gte(tours.lastStartDate, today)));
    expect(live.length).toBeGreaterThan(0);
    for (const tour of live) expect(locs.has(site(`/${tour.slug}`)), tour.slug).toBe(true);
    const ofHiddenOrganizers = await db
      .select({ slug: tours.slug })
      .from(tours)
      .innerJoin(organizers, eq(organizers.id, tours.organizerId))
      .where(and(eq(tours.isPublished, true), eq(organizers.isPublishedOnSite, false)));
    expect(ofHiddenOrganizers.length).toBeGreaterThan(0);
    for (const tour of ofHiddenOrganizers) {
      expect(locs.has(site(`/${tour.slug}`)), `hidden organizer's ${tour.slug}`).toBe(false);
    }
    const past = await db.select({ slug: tours.slug, last: tours.lastStartDate }).from(tours);
    for (const tour of past.filter((row) => row.last !== null && row.last < today)) {
      expect(locs.has(site(`/${tour.slug}`)), `past tour ${tour.slug}`).toBe(false);
    }
    for (const page of await db.select({ slug: seoPages.slug }).from(seoPages)) {
      expect(locs.has(site(`/${page.slug}`)), page.slug).toBe(true);
    }
    for (const post of await db.select({ slug: blogPosts.slug }).from(blogPosts)) {
      expect(locs.has(site(`/blog/${post.slug}`)), post.slug).toBe(true);
    }
    for (const article of await db.select({ slug: helpArticles.slug }).from(helpArticles)) {
      expect(locs.has(site(`/help-center/${article.slug}`)), article.slug).toBe(true);
    }
    for (const path of [
      '/agreement',
      '/privacy',
      '/cookie-policy',
      '/safety-rules',
      '/tour-provider-agreement',
      '/blog',
      '/help-center',
    ]) {
      expect(locs.has(site(path)), path).toBe(true);
    }
  });

  it('uses the configured public URL and escapes XML special characters', async () => {
    const handlers = contentHandlers({
      db,
      rates: createRatesCache(db),
      content: { publicUrl: 'https://gallop.example' },
    });
    let sent = '';
    const reply = {
      type: () => reply,
      header: () => reply,
      send: (body: string) => {
        sent = body;
        return reply;
      },
    };
    await handlers.getSitemapXml({} as never, reply as never);
    expect(sent).toContain('<loc>https://gallop.example/</loc>');
    expect(sent).not.toContain('127.0.0.1');

    // URL parsing percent-encodes quotes and brackets; `&` is left for XML escaping.
    const xml = renderSitemapXml([{ path: "/a?x=1&y='2'" }], 'https://gallop.example/');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<loc>https://gallop.example/a?x=1&amp;y=%272%27</loc>');
  });
});
