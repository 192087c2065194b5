import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Ends in `-<id>`, as the web's `/blog/{slug}` route expects. */
    slug: text().notNull().unique(),
    title: text().notNull(),
    excerpt: text().notNull(),
    /** HTML. */
    body: text().notNull(),
    imageSeed: integer().notNull(),
    /** Index pages (`/blog/{category}`) list posts by category slug. */
    category: text().notNull(),
    tags: text().array().notNull().default([]),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('blog_posts_published_idx').on(table.publishedAt.desc(), table.id)],
);

export const helpSections = pgTable('help_sections', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  description: text().notNull().default(''),
  position: smallint().notNull().default(0),
});

export const helpArticles = pgTable(
  'help_articles',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    sectionId: integer()
      .notNull()
      .references(() => helpSections.id),
    slug: text().notNull().unique(),
    title: text().notNull(),
    body: text().notNull(),
    position: smallint().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('help_articles_section_idx').on(table.sectionId)],
);

/**
 * Terms (`/agreement`), privacy, cookies, the provider offer (`/tour-provider-agreement`) and
 * the safety rules (`/safety-rules`); every published version is kept, a withdrawn one too
 * (`withdrawn_at`, decision 169): the site shows only the versions not withdrawn.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text({ enum: ['terms', 'privacy', 'cookies', 'offer', 'safety_rules'] }).notNull(),
    version: integer().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    /** When `pnpm --filter @gallop/api legal withdraw KIND` took the document off the site. */
    withdrawnAt: timestamp({ withTimezone: true }),
  },
  (table) => [uniqueIndex('legal_documents_kind_version_idx').on(table.kind, table.version)],
);

/** Support phones; a phone bound to a city or country is preferred there over a general one. */
export const contactPhones = pgTable('contact_phones', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  type: text({ enum: ['main', 'additional'] }).notNull(),
  phone: text().notNull(),
  formattedPhone: text().notNull(),
  entityKind: text({ enum: ['country', 'city'] }),
  entityId: integer(),
  position: smallint().notNull().default(0),
});

export const socialLinks = pgTable('social_links', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  source: text().notNull(),
  url: text().notNull(),
  position: smallint().notNull().default(0),
});

/**
 * Small site-wide settings kept as JSON by key: support email, messengers, site tokens,
 * the support schedule, landing videos.
 */
export const siteSettings = pgTable('site_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
});

/** Units of a currency per 1 USD; shipped with the seed and updatable by a command. */
export const currencyRates = pgTable('currency_rates', {
  code: text().primaryKey(),
  perUsd: doublePrecision().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** SEO landing pages: a slug that stands for a stored search filter (`/spa/tours-page`). */
export const seoPages = pgTable('seo_pages', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  h1: text().notNull(),
  description: text().notNull().default(''),
  /**
   * Search filter fields in the spec's names (countries, restKinds, priceMax ...). Price bounds
   * are whole US dollars, converted for each visitor's currency (`STORED_PRICE_CURRENCY` in
   * catalog/search/filters.ts), so a page lists the same tours in every currency.
   */
  filters: jsonb().$type<Record<string, unknown>>().notNull(),
  /** Groups entries of the sitemap (countries, regions, rest kinds, collections ...). */
  groupName: text().notNull(),
  inSitemap: boolean().notNull().default(true),
});

/** `/r/{id}` short links and `/spa/redirect`. */
export const shortLinks = pgTable('short_links', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  targetUrl: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
