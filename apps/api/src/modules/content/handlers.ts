/**
 * The `content` calls: blog, help centre, legal pages, countries, contacts, site settings and
 * sitemaps. Thin mappings of HTTP to the services beside this file, which take the database (and
 * the rates or the time they need) and answer typed results or `HttpError`s.
 */
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { notFound } from '#src/http/http-error.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { cachedFor } from './cache.ts';
import {
  blogPostAnswer,
  BLOG_PAGE_SIZE,
  findBlogPost,
  listBlogPosts,
  SIMILAR_POSTS_LIMIT,
} from './blog.ts';
import { loadContacts } from './contacts.ts';
import { findHelpArticle, findHelpSection, listHelpSections } from './help-center.ts';
import { findLegalDocument } from './legal.ts';
import { siteMessengers } from './messengers.ts';
import { listCountryOptions, listLanguageOptions } from './picker-options.ts';
import { convertPrice } from './price-conversion.ts';
import { shortLinkTarget } from './short-links.ts';
import { countrySchedule, siteInfo, visitorCountry, type CountrySource } from './site-info.ts';
import { readSiteSettings } from './site-settings.ts';
import { collectSitemapUrls, listSeoSitemapEntries, renderSitemapXml } from './sitemap.ts';
import { listSocialLinks } from './social-links.ts';
import { loadStats } from './stats.ts';
import { supportWorkTime } from './work-time.ts';

/** Settings of the content calls that come from the environment (wired by the app). */
export interface ContentConfig {
  /** The public site origin for absolute sitemap URLs (`PUBLIC_URL`). */
  publicUrl: string;
  /** A trusted edge header carrying the visitor's ISO country, e.g. `cf-ipcountry`. */
  countryIpHeader?: string | undefined;
  /** ISO code of the country assumed when the edge says nothing (decisions: US). */
  defaultCountryIso: string;
}

const DEFAULT_CONTENT_CONFIG: ContentConfig = {
  publicUrl: 'http://127.0.0.1:3000',
  defaultCountryIso: 'US',
};

export interface ContentDeps {
  db: Database;
  rates: RatesCache;
  content?: Partial<ContentConfig> | undefined;
  /** The current time; tests pin it (work time, scheduled posts, legal versions, stats). */
  clock?: (() => Date) | undefined;
  /**
   * The outbox channels that reach a number a visitor types (production: only those with a
   * transport, decision 060): the programme is offered by WhatsApp only when WhatsApp is one.
   * None given: every one.
   */
  reachableChannels?: readonly string[] | undefined;
}

type ContentOperation =
  | 'listBlogPosts'
  | 'getBlogPost'
  | 'getRedirect'
  | 'listCountryOptions'
  | 'listLanguageOptions'
  | 'convertPrice'
  | 'getContacts'
  | 'getWorkTime'
  | 'getMessengers'
  | 'listSocialLinks'
  | 'getCountryByIp'
  | 'getCountrySchedule'
  | 'getSiteInfo'
  | 'getSeoPagesSitemap'
  | 'getSiteTokens'
  | 'getStats'
  | 'listHelpCenterSections'
  | 'getHelpCenterSection'
  | 'getHelpCenterArticle'
  | 'getLegalDocument'
  | 'getSitemapXml';

const STATS_TTL_MS = 60_000;
const SITEMAP_TTL_MS = 10 * 60_000;

/** Contract handlers for the `content` tag: blog, help, legal, contacts, settings, sitemaps. */
export function contentHandlers(deps: ContentDeps): Pick<ServiceHandlers, ContentOperation> {
  const { db, rates } = deps;
  const config = { ...DEFAULT_CONTENT_CONFIG, ...deps.content };
  const clock = deps.clock ?? (() => new Date());
  const today = () => clock().toISOString().slice(0, 10);
  const countrySource: CountrySource = {
    header: config.countryIpHeader?.toLowerCase(),
    defaultCountryIso: config.defaultCountryIso,
  };

  // Both scan the catalogue: the home page asks for stats on every visit and robots fetch the
  // sitemap often, while the answers move slowly.
  const stats = cachedFor(STATS_TTL_MS, clock, () => loadStats(db, today()));
  const sitemapXml = cachedFor(SITEMAP_TTL_MS, clock, async () =>
    renderSitemapXml(await collectSitemapUrls(db, clock()), config.publicUrl),
  );

  return {
    async listBlogPosts(request) {
      const { slug, page = 1, with_alt, 'per-page': perPage = BLOG_PAGE_SIZE } = request.query;
      const list = await listBlogPosts(db, {
        category: slug || undefined,
        page,
        perPage,
        withAlt: with_alt === 1,
        now: clock(),
      });
      if (!list) throw notFound('Blog category not found');
      return list;
    },

    async getBlogPost(request) {
      const { slug, similar_limit: similarLimit = SIMILAR_POSTS_LIMIT, with_alt } = request.query;
      const now = clock();
      const post = await findBlogPost(db, slug, now);
      if (!post) throw notFound('Blog post not found');
      return blogPostAnswer(db, post, { similarLimit, withAlt: with_alt === 1, now });
    },

    async getRedirect(request) {
      return { source_url: await shortLinkTarget(db, request.query.id) };
    },

    async listCountryOptions() {
      return { items: await listCountryOptions(db) };
    },

    async listLanguageOptions(request) {
      const onlyWithTours = request.query.only_with_published_tours === 1;
      return { items: await listLanguageOptions(db, onlyWithTours) };
    },

    async convertPrice(request) {
      const { from_currency: from, to_currency: to, amount } = request.query;
      return { result: await convertPrice(rates, from, to, amount) };
    },

    async getContacts(request) {
      const { city_id, country_id, all } = request.query;
      return loadContacts(db, { cityId: city_id, countryId: country_id }, all === 1);
    },

    // One support desk serves every place: `city_id` / `country_id` do not change the hours.
    getWorkTime: () => supportWorkTime(db, clock()),

    getMessengers: () => siteMessengers(db),

    async listSocialLinks() {
      return { items: await listSocialLinks(db) };
    },

    async getCountryByIp(request) {
      return { result: await visitorCountry(db, request.headers, countrySource) };
    },

    getCountrySchedule: (request) => countrySchedule(db, request.query, clock()),

    getSiteInfo: (request) => siteInfo(db, rates, request.headers, countrySource),

    async getSeoPagesSitemap() {
      return { items: await listSeoSitemapEntries(db) };
    },

    async getSiteTokens() {
      const { site_tokens } = await readSiteSettings(db, ['site_tokens']);
      // The web offers what the tokens say: not a WhatsApp order that nothing would deliver.
      const whatsappDelivered = deps.reachableChannels?.includes('whatsapp') ?? true;
      return {
        ...site_tokens,
        send_tour_program_in_pdf_via_whatsapp:
          site_tokens.send_tour_program_in_pdf_via_whatsapp && whatsappDelivered,
      };
    },

    getStats: () => stats(),

    async listHelpCenterSections() {
      return { items: await listHelpSections(db) };
    },

    async getHelpCenterSection(request) {
      const { slug } = request.query;
      const section = await findHelpSection(db, slug);
      if (!section) throw notFound('Help center section not found');
      return section;
    },

    async getHelpCenterArticle(request) {
      const { slug } = request.query;
      const article = await findHelpArticle(db, slug);
      if (!article) throw notFound('Help center article not found');
      return article;
    },

    async getLegalDocument(request) {
      const { kind, version } = request.query;
      const document = await findLegalDocument(db, kind, version, today());
      if (!document) throw notFound('Legal document not found');
      return document;
    },

    async getSitemapXml(_request, reply) {
      const xml = await sitemapXml();
      return (
        reply
          .type('application/xml; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          // The reply types cover JSON bodies only; this 200 is the contract's application/xml.
          .send(xml as never)
      );
    },
  };
}
