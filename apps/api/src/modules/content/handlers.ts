import type { components } from '@gallop/api-client';
import { SUPPORTED_CURRENCIES } from '@gallop/currency';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { countries, languages, shortLinks, socialLinks } from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import { convertAmount, type RatesCache } from '#src/shared/money/rates.ts';
import { cachedFor } from './cache.ts';
import {
  blogPostAnswer,
  BLOG_PAGE_SIZE,
  findBlogPost,
  listBlogPosts,
  SIMILAR_POSTS_LIMIT,
} from './blog.ts';
import { loadContacts } from './contacts.ts';
import { findCountry, resolveVisitorCountry, toLocaleCountry } from '#src/shared/countries.ts';
import { findHelpArticle, findHelpSection, listHelpSections } from './help-center.ts';
import { findLegalDocument } from './legal.ts';
import { readSiteSettings, type MessengerSource, type SiteSettings } from './site-settings.ts';
import { collectSitemapUrls, listSeoSitemapEntries, renderSitemapXml } from './sitemap.ts';
import { loadStats } from './stats.ts';
import { isWorkingAt } from './work-time.ts';

type Schemas = components['schemas'];

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

/** The interface speaks English only (docs/product.md, Who it is for). */
const INTERFACE_LANGUAGES = ['en'];

/** Currencies the site configuration offers: the same list the web's picker uses. */
const SITE_CURRENCIES: readonly Schemas['SiteCurrency'][] = SUPPORTED_CURRENCIES;

/**
 * Messenger display order: facebook first, since Russian is not offered (docs/product.md,
 * Entities).
 */
const MESSENGER_ORDER: MessengerSource[] = [
  'facebook',
  'telegram',
  'whatsapp',
  'viber',
  'instagram',
  'vk',
  'ok',
];

const SOCIAL_TITLES: Record<Schemas['SocialSource'], string> = {
  telegram: 'Telegram',
  instagram: 'Instagram',
  vk: 'VK',
  ok: 'Odnoklassniki',
  zen: 'Dzen',
  tiktok: 'TikTok',
  facebook: 'Facebook',
  x: 'X',
  weibo: 'Weibo',
  bilibili: 'Bilibili',
};

const isSocialSource = (source: string): source is Schemas['SocialSource'] =>
  Object.hasOwn(SOCIAL_TITLES, source);

/** The messengers map with its keys in display order (JSON keeps insertion order). */
export function orderMessengers(messengers: SiteSettings['messengers']): Schemas['Messengers'] {
  const ordered: Schemas['Messengers'] = {};
  for (const source of MESSENGER_ORDER) {
    const url = messengers[source];
    if (url) ordered[source] = url;
  }
  return ordered;
}

const STATS_TTL_MS = 60_000;
const SITEMAP_TTL_MS = 10 * 60_000;

/** Contract handlers for the `content` tag: blog, help, legal, contacts, settings, sitemaps. */
export function contentHandlers(deps: ContentDeps): Pick<ServiceHandlers, ContentOperation> {
  const { db, rates } = deps;
  const config = { ...DEFAULT_CONTENT_CONFIG, ...deps.content };
  const clock = deps.clock ?? (() => new Date());
  const today = () => clock().toISOString().slice(0, 10);
  const headerName = config.countryIpHeader?.toLowerCase();

  function visitorCountry(headers: Record<string, string | string[] | undefined>) {
    const value = headerName ? headers[headerName] : undefined;
    return resolveVisitorCountry(
      db,
      Array.isArray(value) ? value[0] : value,
      config.defaultCountryIso,
    );
  }

  async function workTime(): Promise<Schemas['WorkTime']> {
    const { support_schedule: schedule } = await readSiteSettings(db, ['support_schedule']);
    return {
      is_working_now: isWorkingAt(schedule, clock()),
      timezone: schedule.timezone,
      schedule: schedule.days,
    };
  }

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
      const [link] = await db
        .select({ targetUrl: shortLinks.targetUrl })
        .from(shortLinks)
        .where(eq(shortLinks.id, request.query.id));
      if (!link) throw notFound('Short link not found');
      return { source_url: link.targetUrl };
    },

    async listCountryOptions() {
      const rows = await db
        .select({ id: countries.id, name: countries.name })
        .from(countries)
        .orderBy(asc(countries.name), asc(countries.id));
      return { items: rows };
    },

    async listLanguageOptions(request) {
      const onlyWithTours = request.query.only_with_published_tours === 1;
      // `exists` per language probes the GIN index on tours.language_codes.
      const rows = await db
        .select({ id: languages.id, code: languages.code, name: languages.name })
        .from(languages)
        .where(
          onlyWithTours
            ? sql`exists (select 1 from tours where tours.is_published
                and tours.language_codes @> array[${languages.code}])`
            : undefined,
        )
        .orderBy(asc(languages.name), asc(languages.id));
      return { items: rows };
    },

    async convertPrice(request) {
      const { from_currency: from, to_currency: to, amount } = request.query;
      if (!Number.isFinite(amount)) {
        throw new HttpError(400, 'Invalid query parameters', { amount: ['must be a number'] });
      }
      const table = await rates.get();
      const errors: Record<string, string[]> = {};
      if (!table.has(from)) errors['from_currency'] = [`${from} is not supported`];
      if (!table.has(to)) errors['to_currency'] = [`${to} is not supported`];
      if (Object.keys(errors).length) throw unprocessable('Currency is not supported', errors);
      // Cents are enough for any display (prices are shown without decimals).
      return { result: Math.round(convertAmount(amount, from, to, table) * 100) / 100 };
    },

    async getContacts(request) {
      const { city_id, country_id, all } = request.query;
      return loadContacts(db, { cityId: city_id, countryId: country_id }, all === 1);
    },

    // One support desk serves every place: `city_id` / `country_id` do not change the hours.
    getWorkTime: () => workTime(),

    async getMessengers() {
      const { messengers } = await readSiteSettings(db, ['messengers']);
      return orderMessengers(messengers);
    },

    async listSocialLinks() {
      const rows = await db
        .select()
        .from(socialLinks)
        .orderBy(asc(socialLinks.position), asc(socialLinks.id));
      return {
        items: rows.flatMap((row) =>
          isSocialSource(row.source)
            ? [{ source: row.source, title: SOCIAL_TITLES[row.source], url: row.url }]
            : [],
        ),
      };
    },

    async getCountryByIp(request) {
      return { result: await visitorCountry(request.headers) };
    },

    async getCountrySchedule(request) {
      const country = await findCountry(db, request.query.country_id);
      if (!country) throw notFound('Country not found');
      const [work_time, contacts] = await Promise.all([
        workTime(),
        loadContacts(db, { countryId: country.id }),
      ]);
      return { country: toLocaleCountry(country), work_time, contacts };
    },

    async getSiteInfo(request) {
      const [table, interfaceLanguages, country, settings] = await Promise.all([
        rates.get(),
        db
          .select({ id: languages.id, code: languages.code, name: languages.name })
          .from(languages)
          .where(inArray(languages.code, INTERFACE_LANGUAGES)),
        visitorCountry(request.headers),
        readSiteSettings(db, ['messengers', 'landing_videos']),
      ]);
      return {
        currencies: SITE_CURRENCIES.filter((code) => table.has(code)),
        default_currency: 'USD',
        languages: interfaceLanguages,
        country,
        contacts: await loadContacts(db, { countryId: country.id }),
        messengers: orderMessengers(settings.messengers),
        landing_videos: settings.landing_videos,
      };
    },

    async getSeoPagesSitemap() {
      return { items: await listSeoSitemapEntries(db) };
    },

    async getSiteTokens() {
      const { site_tokens } = await readSiteSettings(db, ['site_tokens']);
      return site_tokens;
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
